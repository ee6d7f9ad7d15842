import { newsroomItem, type ContentSeed } from "./content-seed";
import { GROUP } from "./seed-articles";

/** Database ids of the items that set the payload's flags (docs/content-types.md, "The item's flags"), in 科技. */
export const ITEM_FLAG_FIXTURES = {
  /** `enable_app: false`: its page offers no way into the app. */
  noApp: 760,
  /** `app_url`: opening the app goes to the item's own app address. */
  ownAppUrl: 761,
  /** `enable_pc: false`: a desktop visitor keeps the phone page. */
  noPc: 762,
  /** `pc_url`: a desktop visitor goes to the item's own desktop page. */
  ownPcUrl: 763,
  /** A mini program with `nav: false` and `capsule: false`: no back/forward control and no footer inside a mini program. */
  bareMiniProgram: 764,
} as const;

export const ITEM_APP_URL = "https://link.davmu.example/open/story/761";
export const ITEM_PC_URL = "https://www.example.org/pc/story/763";

const BODY = "<p>临江市今年将新建口袋公园二十座，社区食堂覆盖所有街道。</p><p>市民可在APP中查看完整名单。</p>";

const article = (id: number, title: string, hoursAgo: number, payload: ContentSeed["payload"]) =>
  newsroomItem(id, "article", [title, "口袋公园、社区食堂、加装电梯：今年的民生清单。"], 6, hoursAgo, GROUP.tech, { payload, body: BODY });

export const ITEM_FLAG_ITEMS: ContentSeed[] = [
  article(760, "只在网页阅读｜临江口袋公园地图", 101, { enable_app: false }),
  article(761, "APP专属页｜临江口袋公园地图", 102, { app_url: ITEM_APP_URL }),
  article(762, "手机版阅读｜临江口袋公园地图", 103, { enable_pc: false }),
  article(763, "电脑版阅读｜临江口袋公园地图", 104, { pc_url: ITEM_PC_URL }),
  newsroomItem(764, "mini_program", ["临江公交查询", "实时公交、线路换乘，一查便知。"], 9, 105, GROUP.tech, {
    payload: {
      url: "pages/bus/index",
      real_url: "https://www.example.com/linjiang-bus/",
      bizName: "gh_5b2d8e4f1a9c",
      appid: "wx7c1e9a3b5d2f8046",
      mini_program_name: "临江公交",
      nav: false,
      capsule: false,
    },
  }),
];
