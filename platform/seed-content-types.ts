import { newsroomItem, type ContentSeed } from "./content-seed";
import { GROUP } from "./seed-articles";
import { COMMUNITY_FIXTURES } from "./seed-community";

/** Database ids of the cards of the content-model types without a page of their own (all in the 科技 group). */
export const TYPE_CARD_FIXTURES = {
  h5: 720,
  cloudForm: 721,
  topic: 722,
  spTopic: 723,
  live: 724,
  /** A type the site does not know, with a share link. */
  unknownWithShareLink: 725,
  /** A type the site does not know, without one: its card opens the app-open dialog. */
  unknownWithoutShareLink: 726,
  /** An h5 card whose target is `javascript:`: its card opens the app-open dialog, never the script. */
  hostileH5: 727,
  /**
   * Cards of known types without `target_id` (our extension, absent from the original content model): the topic
   * has a share link and leads to it, the special topic and the live card open the app-open dialog.
   */
  untargetedTopic: 728,
  untargetedSpTopic: 729,
  untargetedLive: 730,
} as const;

/** Where these cards lead: what the special, live and topic cards name (database ids, encoded when served). */
const SPECIAL = 47;
const LOCAL_LIVE = 46;

const card = (
  id: number,
  type: ContentSeed["type"],
  title: string,
  summary: string,
  cover: number,
  hoursAgo: number,
  payload: ContentSeed["payload"],
) => newsroomItem(id, type, [title, summary], cover, hoursAgo, GROUP.tech, { payload });

/** One card of each content-model type the detail route has no page for, and two of types it does not know. */
export const TYPE_CARDS: ContentSeed[] = [
  card(720, "h5", "H5｜一图读懂临江2026年政府工作报告", "滑动查看今年的十件民生实事。", 17, 90, {
    url: "https://www.example.com/h5/linjiang-report-2026",
  }),
  card(721, "cloud_form", "报名｜城市马拉松志愿者招募", "填写表单报名，赛前统一培训。", 4, 91, {
    url: "https://forms.example.com/f/marathon-volunteers",
  }),
  card(722, "topic", "#夜市打卡：晒出你的夜市美食", "参与话题，分享老街夜市的烟火气。", 7, 92, { target_id: COMMUNITY_FIXTURES.topic }),
  card(723, "sp_topic", "专题｜城市更新进行时", "新线路、新电梯、新夜市：一座老城的焕新之路。", 17, 93, { target_id: SPECIAL }),
  card(724, "live", "直播｜鸣枪开跑，城市马拉松来了", "三万名跑者从市民广场出发。", 4, 94, { target_id: LOCAL_LIVE }),
  card(725, "vote", "投票｜你最喜欢的夜市小吃", "糖画、烤串还是臭豆腐？投出你的一票。", 9, 95, {
    share_link: "https://www.example.com/davmu/vote/night-market-2026",
  }),
  card(726, "quiz", "答题｜临江城市知识挑战赛", "十道题，看看你有多了解临江。", 13, 96, {}),
  card(727, "h5", "H5｜点击领取消费券（测试用恶意链接）", "这张卡片的目标不是网页地址，不应打开它。", 9, 97, {
    url: "javascript:alert(document.cookie)",
  }),
  card(728, "topic", "#江边晨跑：一起迎接第一缕阳光", "晒出你的晨跑路线和江边日出。", 4, 98, {
    share_link: "https://www.example.com/davmu/topic/morning-run",
  }),
  card(729, "sp_topic", "专题｜临江非遗手艺人", "竹编、糖画、剪纸：老手艺的新传人。", 13, 99, {}),
  card(730, "live", "直播｜江心洲湿地观鸟", "跟着镜头看候鸟归来。", 9, 100, {}),
];
