// Long because it is data: the demo content of every list and page type, in one place so ids stay consistent.
import type { Db } from "./db";
import { STATE_DRAFT } from "./content-shapes";
import type { ContentSeed, Picture } from "./content-seed";
import { media, seededCover } from "./media";
import { COMMUNITY_FIXTURES, seedCommunity } from "./seed-community";
import { DEJIN_FIXTURES, seedDejin } from "./seed-dejin";
import { ACCOUNT, ARTICLES, GROUP, coverName } from "./seed-articles";
import { TYPE_CARDS } from "./seed-content-types";
import { ITEM_FLAG_ITEMS } from "./seed-item-flags";
import { EDITOR_ARTICLES } from "./seed-editor-articles";
import { OVERLAY_CORPUS_ARTICLE } from "./seed-overlay-corpus";
import { MANY_COMMENTS_TOP_LEVEL, REPLIED_COMMENT_ID, THREADS } from "./seed-comments";
import { LIST_FIXTURES, seedListsAndSearch } from "./seed-lists";
import { DEFAULT_LIVE_UPCOMING_DELAY_S, seedLive } from "./seed-live";
import { seedPages } from "./seed-pages";
import { DEMO_PHONE, USER, USERS } from "./seed-users";

export const SITE_NAME = "大目新闻";

/** Database ids of seed records that tests and the share site's e2e suite rely on; encode them with the id codec. */
export const SEED_FIXTURES = {
  /** Article with 28 level-1 comments (three pages of 10). */
  manyComments: 1,
  manyCommentsTopLevel: MANY_COMMENTS_TOP_LEVEL,
  /** Article whose comment `repliedComment` has six replies. */
  withReplies: 2,
  repliedComment: REPLIED_COMMENT_ID,
  repliedCommentReplies: 6,
  /** A plain article within the last 72 hours, collected by the demo user. */
  article: 3,
  /** Article published 80 hours ago: outside the hot list. */
  olderThan72h: 4,
  /** Article published about 35 minutes ago, view count under 1000. */
  latest: 6,
  closedComments: 13,
  state17: 14,
  state100: 15,
  /** Article whose body carries script, event handlers, a javascript: link and an iframe. */
  hostile: 16,
  video: 30,
  svideo: 31,
  audio: 32,
  gallery: 33,
  videoAlbum: 34,
  audioAlbum: 38,
  /** Audio album without episodes (album_status.total 0). */
  emptyAudioAlbum: 43,
  miniProgram: 44,
  link: 45,
  localLive: 46,
  /** Special topic with three sections of cards (special_sections). */
  special: 47,
  /** Short videos besides `svideo`, each a portrait MP4 with sound. */
  svideoNightMarket: 48,
  svideoFerry: 49,
  /** A video with only an HLS playlist (no MP4): browsers without native HLS play it through hls.js. */
  hlsOnlyVideo: 53,
  /** Finished audio album of 36 episodes: more than the audio-album page of 30. */
  longAudioAlbum: 50,
  /** Gallery of 8 pictures in landscape, portrait and square. */
  galleryMixed: 51,
  /** Link content whose target is `javascript:`: the site must never navigate to it. */
  hostileLink: 52,
  /** Drafts (state 0): served only through a signed preview link. */
  draftArticle: 60,
  draftVideo: 61,
  demoUser: USER.demo,
  demoPhone: DEMO_PHONE,
  /** A seeded user without a password (code login only). */
  codeOnlyPhone: "13900000002",
  /** Official account the demo user does not follow; `followedAccount` is followed. */
  officialAccount: ACCOUNT.government,
  followedAccount: ACCOUNT.newsroom,
  groups: GROUP,
} as const;

const coverPicture = (n: number, description: string): Picture => ({
  url: `${coverName(n)}.jpg`,
  webp: `${coverName(n)}.webp`,
  thumb: `${coverName(n)}.webp`,
  width: 640,
  height: 360,
  description,
});

const galleryPicture = (n: number, [width, height]: [number, number], description: string): Picture => {
  const name = `gallery-${String(n).padStart(2, "0")}`;
  return { url: `${name}.jpg`, webp: `${name}.webp`, thumb: `${name}-thumb.webp`, width, height, description };
};

const LANDSCAPE_VIDEO: [number, number] = [640, 360];
const PORTRAIT_VIDEO: [number, number] = [360, 640];

const OFFICIAL_ACCOUNTS = [
  { id: ACCOUNT.government, name: "临江发布", avatar: "avatar-11.png", description: "临江市人民政府新闻办公室官方账号", followers: 1234567 },
  { id: ACCOUNT.newsroom, name: "大目新闻", avatar: "logo.png", description: "看临江，上大目", followers: 345678 },
  { id: ACCOUNT.sport, name: "江城体育", avatar: "avatar-06.png", description: "临江体育赛事与全民健身", followers: 56789 },
  { id: ACCOUNT.culture, name: "临江文旅", avatar: "avatar-08.png", description: "博物馆、演出、夜市和好去处", followers: 98765 },
  { id: ACCOUNT.tech, name: "科技前沿", avatar: "avatar-02.png", description: "身边的科技新闻", followers: 4321 },
];

const GROUPS = [
  { id: GROUP.recommend, name: "推荐" },
  { id: GROUP.news, name: "要闻" },
  { id: GROUP.local, name: "本地" },
  { id: GROUP.video, name: "视频" },
  { id: GROUP.tech, name: "科技" },
  { id: GROUP.culture, name: "文化" },
  { id: GROUP.sport, name: "体育" },
  // A new channel without content yet: its home tab shows the empty state.
  { id: GROUP.health, name: "健康" },
];

const paragraphs = (...texts: string[]) => texts.map((text) => `<p>${text}</p>`).join("");

type NavigationSeed = {
  id: string;
  title: string;
  /**
   * group: a page of its groups as tabs; list, content_model, circle, circle_topic, fazak: the page of a record
   * (binding: its database id); dejin: a tip-off topic (binding: its name); page: a site page (binding: its path);
   * app: only in the app.
   */
  category: "group" | "list" | "content_model" | "circle" | "circle_topic" | "fazak" | "dejin" | "page" | "app";
  binding?: string | number;
  groups?: number[];
  isHome?: boolean;
  /**
   * Icon file stem in platform/media (nav-{icon}.svg and nav-{icon}-active.svg); default the id. Null for the
   * items after the bar's fifth, which only the navigation panel shows.
   */
  icon?: string | null;
};

function navigationItem({ id, title, category, binding = "", groups = [], isHome = false, icon = id }: NavigationSeed) {
  return {
    id,
    title,
    binding,
    category,
    isHome,
    groups,
    ...(icon !== null && { icons: { normal: media(`nav-${icon}.svg`), active: media(`nav-${icon}-active.svg`) } }),
    label: { color: "#999999", activeColor: "#FF4A26" },
  };
}

const STATIC_DATA: Record<string, unknown> = {
  h5_config: { site_name: SITE_NAME, descriptions: "打开APP，看更多精彩内容", site_logo: media("logo.png") },
  app_download_url: { url: "https://www.example.com/davmu/download" },
  app_info: {
    primaryColor: "#FF4A26",
    navigationItems: [
      navigationItem({
        id: "home",
        title: "首页",
        category: "group",
        groups: [GROUP.recommend, GROUP.news, GROUP.local, GROUP.tech, GROUP.culture, GROUP.sport, GROUP.health],
        isHome: true,
      }),
      navigationItem({ id: "video", title: "视频", category: "group", groups: [GROUP.video] }),
      navigationItem({ id: "city", title: "城市", category: "list", binding: LIST_FIXTURES.cityRenewal, icon: "local" }),
      navigationItem({ id: "activity", title: "活动", category: "page", binding: "/activity/index" }),
      navigationItem({ id: "service", title: "服务", category: "app" }),
      // The bar holds the five above; these lead, from the panel, to the areas of the site that have no bar item.
      navigationItem({ id: "livelihood", title: "临江民生", category: "content_model", binding: LIST_FIXTURES.livelihood, icon: null }),
      navigationItem({ id: "tip-off", title: DEJIN_FIXTURES.bigTopic, category: "dejin", binding: DEJIN_FIXTURES.bigTopic, icon: null }),
      navigationItem({ id: "running", title: "临江跑团", category: "circle", binding: COMMUNITY_FIXTURES.circle, icon: null }),
      navigationItem({
        id: "night-market",
        title: `#${COMMUNITY_FIXTURES.topicName}`,
        category: "circle_topic",
        binding: COMMUNITY_FIXTURES.topic,
        icon: null,
      }),
      navigationItem({ id: "law", title: "法律问答", category: "fazak", binding: COMMUNITY_FIXTURES.question, icon: null }),
    ],
  },
};

const episode = (id: number, title: string, hoursAgo: number, cover: number, views: number): ContentSeed => ({
  id,
  type: "video",
  title,
  summary: "《临江非遗》系列纪录片，走近身边的手艺人。",
  source: "临江文旅",
  account: ACCOUNT.culture,
  covers: [coverName(cover)],
  hoursAgo,
  views,
  likes: Math.round(views / 20),
  collects: Math.round(views / 50),
  groups: [GROUP.video, GROUP.culture],
  body: paragraphs("手艺在指尖，光阴在竹篾与丝线之间。本集走进一位坚守四十年的老手艺人。"),
  media: "clip-landscape.mp4",
  size: LANDSCAPE_VIDEO,
  durationSec: 3,
});

const STORY_TRACKS = [
  { file: "story-moon-boat.m4a", seconds: 20 },
  { file: "story-lighthouse.m4a", seconds: 16 },
  { file: "story-postman.m4a", seconds: 24 },
  { file: "story-snail.m4a", seconds: 12 },
];

const story = (id: number, title: string, hoursAgo: number, views: number, track: number): ContentSeed => ({
  id,
  type: "audio",
  title,
  summary: "每晚一个温柔的故事，陪孩子安心入睡。",
  source: "大目新闻",
  account: ACCOUNT.newsroom,
  covers: [coverName(15)],
  hoursAgo,
  views,
  likes: Math.round(views / 15),
  collects: Math.round(views / 30),
  groups: [GROUP.culture],
  body: paragraphs("主播：小雨姐姐。", "适合3至8岁的小朋友，建议睡前收听。"),
  media: STORY_TRACKS[track].file,
  durationSec: STORY_TRACKS[track].seconds,
});

const DIALECT_PHRASES = [
  "吃了吗",
  "落雨了",
  "莫着急",
  "蛮好的",
  "搞么子",
  "晓得了",
  "慢慢走",
  "过早",
  "好扎实",
  "冇得事",
  "么样搞",
  "几好的",
  "莫港了",
  "拐了",
  "闹热",
  "清爽",
  "灵醒",
  "扎劲",
  "岔巴子",
  "日白",
  "嗯是的",
  "排场",
  "苕",
  "味道好",
  "打流",
  "划得来",
  "涮坛子",
  "不带信",
  "拉倒",
  "鬼火冒",
  "刹黑",
  "老倌",
  "伢们",
  "么事",
  "哈数",
  "称透",
];

/** The 36 episodes of the finished dialect album, a day apart and long before the rest of the seed. */
const dialectEpisodes = DIALECT_PHRASES.map((phrase, index): ContentSeed => {
  const track = STORY_TRACKS[index % STORY_TRACKS.length];
  return {
    id: 100 + index,
    type: "audio",
    title: `临江话100句｜第${index + 1}句：“${phrase}”`,
    summary: "老临江人教你说地道的临江话。",
    source: "临江文旅",
    account: ACCOUNT.culture,
    covers: [coverName(6)],
    hoursAgo: 24 * (120 - index),
    views: 1200 + ((index * 137) % 900),
    likes: 20 + index,
    collects: 5 + (index % 7),
    groups: [],
    body: paragraphs(`今天学一句临江话：“${phrase}”。`, "主讲：非遗传承人周师傅。"),
    media: track.file,
    durationSec: track.seconds,
  };
});

const OTHER_CONTENT: ContentSeed[] = [
  {
    id: 30,
    type: "video",
    title: "航拍｜江心洲的清晨",
    summary: "太阳升起前的二十分钟，江面从深蓝变成金色。",
    source: "大目新闻",
    account: ACCOUNT.newsroom,
    covers: [coverName(14)],
    hoursAgo: 5,
    views: 34567,
    likes: 2890,
    collects: 1203,
    groups: [GROUP.recommend, GROUP.video, GROUP.local],
    recommended: true,
    body: paragraphs("清晨五点，无人机从江心洲湿地起飞。镜头里，薄雾慢慢散去，早起的渔船划开平静的江面。", "摄影：大目新闻视觉中心"),
    media: "river-dawn.mp4",
    hls: "river-dawn.m3u8",
    size: LANDSCAPE_VIDEO,
    durationSec: 8,
  },
  {
    id: 53,
    type: "video",
    title: "回看｜江心洲湿地公园开园仪式",
    summary: "湿地公园今天正式开园，一起回看开园仪式和园区第一眼。",
    source: "大目新闻",
    account: ACCOUNT.newsroom,
    covers: [coverName(16)],
    hoursAgo: 26,
    views: 12034,
    likes: 640,
    collects: 158,
    groups: [GROUP.video, GROUP.local],
    body: paragraphs("江心洲湿地公园今天上午正式开园，首批游客沿木栈道走进湿地。", "本视频为开园仪式回看。"),
    hls: "river-dawn.m3u8",
    size: LANDSCAPE_VIDEO,
    durationSec: 8,
  },
  {
    id: 31,
    type: "svideo",
    title: "早市里的烟火气",
    summary: "凌晨四点的菜市场，是一座城市最早醒来的地方。",
    source: "大目新闻",
    account: ACCOUNT.newsroom,
    covers: ["cover-portrait"],
    hoursAgo: 0.35,
    views: 876,
    likes: 64,
    collects: 7,
    groups: [GROUP.video, GROUP.local],
    body: paragraphs("凌晨四点的菜市场，是一座城市最早醒来的地方。"),
    media: "clip-portrait.mp4",
    size: PORTRAIT_VIDEO,
    durationSec: 3,
  },
  {
    id: 32,
    type: "audio",
    title: "早间新闻｜今日临江要闻速览",
    summary: "地铁5号线开通、暴雨预警、老街夜市……一分钟听完今天的临江。",
    source: "大目新闻",
    account: ACCOUNT.newsroom,
    covers: [coverName(18)],
    hoursAgo: 3,
    views: 5432,
    likes: 120,
    collects: 33,
    groups: [GROUP.recommend, GROUP.news],
    body: paragraphs(
      "各位听众早上好，欢迎收听大目早间新闻。",
      "地铁5号线今天上午正式开通运营，江北到高新区最快40分钟；市气象台发布暴雨黄色预警，明后两天出行请注意安全；改造后的老街夜市重新开张，首周客流超过二十万人次。",
    ),
    media: "news-morning.m4a",
    durationSec: 10,
  },
  {
    id: 33,
    type: "image",
    title: "组图｜江心洲湿地的春天",
    summary: "六张照片，看湿地从晨雾到日落的一天。",
    source: "临江文旅",
    account: ACCOUNT.culture,
    covers: [coverName(11), coverName(14), coverName(16)],
    hoursAgo: 28,
    views: 5678,
    likes: 789,
    collects: 345,
    groups: [GROUP.recommend, GROUP.local, GROUP.culture],
    images: [
      coverPicture(11, "清晨，白鹤在芦苇荡边觅食。"),
      coverPicture(14, "涨潮时分，江水漫过浅滩。"),
      coverPicture(16, "湿地公园的草坡，是周末野餐的好去处。"),
      coverPicture(4, "远处的群山在薄雾中若隐若现。"),
      coverPicture(10, "傍晚的霞光染红了天空。"),
      coverPicture(12, "观鸟长廊旁新栽的水杉。"),
    ],
  },
  {
    id: 34,
    type: "video_album",
    title: "《临江非遗》系列纪录片",
    summary: "三集纪录片，记录竹编、剪纸和糖画三门老手艺。",
    source: "临江文旅",
    account: ACCOUNT.culture,
    covers: [coverName(3)],
    hoursAgo: 168,
    views: 12345,
    likes: 678,
    collects: 456,
    groups: [GROUP.video, GROUP.culture],
    body: paragraphs("三集纪录片，记录竹编、剪纸和糖画三门老手艺，以及坚守它们的人。"),
    albumFinished: true,
    children: [35, 36, 37],
  },
  episode(35, "《临江非遗》第一集：竹编里的光阴", 216, 3, 6543),
  episode(36, "《临江非遗》第二集：一把剪刀剪出四季", 192, 15, 4321),
  episode(37, "《临江非遗》第三集：糖画师傅的甜蜜江湖", 170, 9, 3210),
  {
    id: 38,
    type: "audio_album",
    title: "《睡前故事》",
    summary: "每周更新，陪孩子安心入睡。",
    source: "大目新闻",
    account: ACCOUNT.newsroom,
    covers: [coverName(15)],
    hoursAgo: 480,
    views: 23456,
    likes: 1234,
    collects: 2345,
    groups: [GROUP.culture],
    body: paragraphs("每周更新，每晚一个温柔的故事，陪孩子安心入睡。"),
    albumFinished: false,
    children: [39, 40, 41, 42],
  },
  story(39, "睡前故事｜小兔子的月亮船", 470, 5678, 0),
  story(40, "睡前故事｜会唱歌的灯塔", 300, 4567, 1),
  story(41, "睡前故事｜森林里的邮递员", 130, 3456, 2),
  story(42, "睡前故事｜下雨天的小蜗牛", 26, 987, 3),
  {
    id: 43,
    type: "audio_album",
    title: "《城市声音》",
    summary: "收集临江街头巷尾的声音，即将上线。",
    source: "大目新闻",
    account: ACCOUNT.newsroom,
    covers: [coverName(6)],
    hoursAgo: 24,
    views: 432,
    likes: 12,
    collects: 30,
    groups: [GROUP.culture],
    body: paragraphs("收集临江街头巷尾的声音：轮渡的汽笛、早市的吆喝、老街的评弹。"),
    albumFinished: false,
    children: [],
  },
  {
    id: 44,
    type: "mini_program",
    title: "临江政务服务：社保、公积金一站查",
    summary: "在小程序里查社保、提公积金、预约办事窗口。",
    source: "临江发布",
    account: ACCOUNT.government,
    covers: [coverName(13)],
    hoursAgo: 100,
    views: 8888,
    likes: 321,
    collects: 654,
    groups: [GROUP.local],
    payload: {
      url: "pages/index/index",
      real_url: "https://www.example.com/linjiang-gov/",
      bizName: "gh_3a7c9e21b5d0",
      appid: "wx5e8a3c1d7b9f2046",
      mini_program_name: "临江政务服务",
      nav: true,
      capsule: true,
    },
  },
  {
    id: 45,
    type: "link",
    title: "2026年临江市十大民生实事项目公示",
    summary: "加装电梯、口袋公园、社区食堂……十件实事请您监督。",
    source: "临江发布",
    account: ACCOUNT.government,
    covers: [coverName(17)],
    hoursAgo: 70,
    views: 6789,
    likes: 234,
    collects: 123,
    groups: [GROUP.news],
    payload: {
      url: "https://www.example.org/linjiang/minsheng-2026",
      real_url: "https://www.example.org/linjiang/minsheng-2026",
      pc_url: "https://www.example.org/linjiang/minsheng-2026",
    },
  },
  {
    id: 46,
    type: "local_live",
    title: "直播｜2026临江马拉松鸣枪开跑",
    summary: "三万名跑者从市民广场出发，跑过江心洲大桥。",
    source: "江城体育",
    account: ACCOUNT.sport,
    covers: [coverName(4)],
    hoursAgo: 0.7,
    views: 45678,
    likes: 9876,
    collects: 321,
    groups: [GROUP.recommend, GROUP.video, GROUP.sport],
    recommended: true,
    body: paragraphs("大目新闻直播间全程直播2026临江马拉松，主播和专业解说带你看遍全程赛道。"),
    media: "clip-landscape.mp4",
    size: LANDSCAPE_VIDEO,
  },
  {
    id: 47,
    type: "special",
    title: "专题｜城市更新进行时",
    summary: "新线路、新电梯、新夜市：一座老城的焕新之路。",
    source: "大目新闻",
    account: ACCOUNT.newsroom,
    covers: [coverName(17)],
    hoursAgo: 144,
    views: 19876,
    likes: 1456,
    collects: 789,
    groups: [GROUP.recommend, GROUP.news],
    recommended: true,
    body: paragraphs("交通、居住、消费、文化……城市更新不只是拆和建，更是让生活变得更方便。本专题持续关注临江的城市更新。"),
    sections: [
      { name: "交通出行", items: [1, 10, 13, 30] },
      { name: "安居宜居", items: [2, 3, 12] },
      { name: "消费文化", items: [8, 4, 17, 33, 48] },
    ],
  },
  {
    id: 48,
    type: "svideo",
    title: "夜市开张第一晚，排队的人绕了三圈",
    summary: "糖画、烤串、臭豆腐：老街夜市的烟火气又回来了。",
    source: "大目新闻",
    account: ACCOUNT.newsroom,
    covers: ["svideo-night-market"],
    hoursAgo: 22,
    views: 23456,
    likes: 3456,
    collects: 210,
    groups: [GROUP.video, GROUP.local],
    body: paragraphs("糖画、烤串、臭豆腐：老街夜市的烟火气又回来了。"),
    media: "svideo-night-market.mp4",
    size: PORTRAIT_VIDEO,
    durationSec: 5,
  },
  {
    id: 49,
    type: "svideo",
    title: "最后一班轮渡：江上十分钟",
    summary: "晚上九点半，末班轮渡载着下夜班的人回家。",
    source: "临江文旅",
    account: ACCOUNT.culture,
    covers: ["svideo-ferry"],
    hoursAgo: 30,
    views: 8765,
    likes: 987,
    collects: 65,
    groups: [GROUP.video],
    body: paragraphs("晚上九点半，末班轮渡载着下夜班的人回家。"),
    media: "svideo-ferry.mp4",
    size: PORTRAIT_VIDEO,
    durationSec: 5,
  },
  {
    id: 50,
    type: "audio_album",
    title: "《临江话100句》第一季",
    summary: "三十六句地道临江话，从问候到拌嘴，全季已完结。",
    source: "临江文旅",
    account: ACCOUNT.culture,
    covers: [coverName(6)],
    hoursAgo: 24 * 121,
    views: 34567,
    likes: 2345,
    collects: 3456,
    groups: [GROUP.culture],
    body: paragraphs("老临江人教你说地道的临江话。第一季三十六句，从问候到吵架，全季已完结。"),
    albumFinished: true,
    children: dialectEpisodes.map((e) => e.id),
  },
  {
    id: 51,
    type: "image",
    title: "组图｜一日四时看临江",
    summary: "从晨光到星夜，八张图看临江的山与江。",
    source: "大目新闻",
    account: ACCOUNT.newsroom,
    covers: ["gallery-01", "gallery-04", "gallery-06"],
    hoursAgo: 27,
    views: 7654,
    likes: 876,
    collects: 234,
    groups: [GROUP.recommend, GROUP.local],
    images: [
      galleryPicture(1, [960, 640], "黎明：月亮还没落下，东边的天已经亮了。"),
      galleryPicture(2, [960, 640], "上午：晴空下的江北丘陵，农田一片新绿。"),
      galleryPicture(3, [640, 960], "子夜：城郊山顶，一轮满月升起。"),
      galleryPicture(4, [960, 640], "正午：阳光正烈，远山被晒得发红。"),
      galleryPicture(5, [800, 800], "午后：江面开阔，水天一色。"),
      galleryPicture(6, [960, 640], "黄昏：晚霞把天空染成紫色。"),
      galleryPicture(7, [640, 960], "春日：山坡上的茶园。"),
      galleryPicture(8, [960, 640], "入夜：江边亮起第一盏灯。"),
    ],
  },
  {
    id: 52,
    type: "link",
    title: "点击领取临江消费券（测试用恶意链接）",
    summary: "这条外链的目标不是网页地址，分享站不应跳转。",
    source: "大目新闻",
    account: ACCOUNT.newsroom,
    covers: [coverName(9)],
    hoursAgo: 200,
    views: 321,
    likes: 1,
    collects: 0,
    groups: [GROUP.news],
    payload: {
      url: "javascript:alert(document.cookie)",
      real_url: "javascript:alert(document.cookie)",
      pc_url: "javascript:alert(document.cookie)",
    },
  },
  ...dialectEpisodes,
  {
    id: 60,
    type: "article",
    title: "【草稿】江北新区规划方案征求意见",
    summary: "规划方案尚在审定，请勿外传。",
    source: "大目新闻",
    account: ACCOUNT.newsroom,
    covers: [coverName(2)],
    hoursAgo: 0.5,
    views: 0,
    likes: 0,
    collects: 0,
    groups: [GROUP.news],
    state: STATE_DRAFT,
    body: paragraphs(
      "（内部预览稿）江北新区规划方案今日起公开征求意见，方案提出建设三条跨江通道和一座滨江公园。",
      "<strong>编辑注：</strong>数据待规划局最终核实。",
    ),
  },
  {
    id: 61,
    type: "video",
    title: "【草稿】航拍江北新区施工现场",
    summary: "视频待审，请勿外传。",
    source: "大目新闻",
    account: ACCOUNT.newsroom,
    covers: [coverName(14)],
    hoursAgo: 0.5,
    views: 0,
    likes: 0,
    collects: 0,
    groups: [GROUP.video],
    state: STATE_DRAFT,
    body: paragraphs("（内部预览稿）无人机镜头下的江北新区施工现场。"),
    media: "river-dawn.mp4",
    hls: "river-dawn.m3u8",
    size: LANDSCAPE_VIDEO,
    durationSec: 8,
  },
];

function articleSeed({ cover, ...article }: (typeof ARTICLES)[number]): ContentSeed {
  return { ...article, type: "article", covers: [coverName(cover)] };
}

/**
 * Fills an empty database with the demo data. Times are relative to `now`, so "the last 72 hours" has content; the
 * upcoming live broadcast starts `liveUpcomingDelayS` after it.
 */
export function seedDatabase(db: Db, now: Date, liveUpcomingDelayS = DEFAULT_LIVE_UPCOMING_DELAY_S): void {
  const nowMs = Math.floor(now.getTime() / 1000) * 1000;
  const at = (ms: number) => new Date(ms).toISOString();
  const hoursAgo = (hours: number) => nowMs - Math.round(hours * 3600) * 1000;
  const publishMs = new Map<number, number>();

  db.transaction(() => {
    const insertAccount = db.prepare("INSERT INTO official_accounts (id, name, avatar, description, follower_count) VALUES (?, ?, ?, ?, ?)");
    for (const a of OFFICIAL_ACCOUNTS) insertAccount.run(a.id, a.name, media(a.avatar), a.description, a.followers);

    const insertUser = db.prepare(
      "INSERT INTO users (id, phone, alias, avatar, password_hash, official_account_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    );
    // Nobody has a password yet: the platform gives the demo account one from its development key on start.
    for (const u of USERS) insertUser.run(u.id, u.phone, u.alias, u.avatar, null, u.officialAccount ?? null, at(hoursAgo(24 * 90)));

    const insertGroup = db.prepare("INSERT INTO content_groups (id, name, sort) VALUES (?, ?, ?)");
    GROUPS.forEach((g, index) => insertGroup.run(g.id, g.name, index));

    const insertContent = db.prepare(
      `INSERT INTO contents (id, content_type, title, summary, source_alias, body, covers, images, media_url, hls_url,
         media_width, media_height, duration_sec, payload, official_account_id, state, recommended, comment_enabled,
         album_finished, view_count, like_count, collect_count, publish_at)
       VALUES (@id, @type, @title, @summary, @source, @body, @covers, @images, @media, @hls, @width, @height, @durationSec,
         @payload, @account, @state, @recommended, @commentEnabled, @albumFinished, @views, @likes, @collects,
         @publishAt)`,
    );
    const insertGroupItem = db.prepare("INSERT INTO content_group_items (group_id, content_id) VALUES (?, ?)");
    const insertChild = db.prepare("INSERT INTO content_children (parent_id, child_id, sort, section_id) VALUES (?, ?, ?, ?)");
    const insertSection = db.prepare("INSERT INTO special_sections (special_id, name, sort) VALUES (?, ?, ?)");
    const contents = [...ARTICLES.map(articleSeed), ...OTHER_CONTENT, ...EDITOR_ARTICLES, OVERLAY_CORPUS_ARTICLE, ...TYPE_CARDS, ...ITEM_FLAG_ITEMS];
    for (const c of contents) {
      const published = hoursAgo(c.hoursAgo);
      publishMs.set(c.id, published);
      const covers = c.covers.map(seededCover);
      const images = (c.images ?? []).map((i) => ({ ...i, url: media(i.url), webp: media(i.webp), thumb: media(i.thumb) }));
      insertContent.run({
        id: c.id,
        type: c.type,
        title: c.title,
        summary: c.summary,
        source: c.source,
        body: c.body ?? "",
        covers: JSON.stringify(covers),
        images: JSON.stringify(images),
        media: c.media ? media(c.media) : "",
        hls: c.hls ? media(c.hls) : "",
        width: c.size?.[0] ?? 0,
        height: c.size?.[1] ?? 0,
        durationSec: c.durationSec ?? 0,
        payload: JSON.stringify(c.payload ?? {}),
        account: c.account,
        state: c.state ?? 1,
        recommended: c.recommended ? 1 : 0,
        commentEnabled: c.commentsClosed ? 0 : 1,
        albumFinished: c.albumFinished === undefined ? null : c.albumFinished ? 1 : 0,
        views: c.views,
        likes: c.likes,
        collects: c.collects,
        publishAt: at(published),
      });
      for (const g of c.groups) insertGroupItem.run(g, c.id);
    }
    for (const c of contents) {
      c.children?.forEach((child, index) => insertChild.run(c.id, child, index + 1, null));
      let sort = 0;
      c.sections?.forEach((section, index) => {
        const sectionId = insertSection.run(c.id, section.name, index + 1).lastInsertRowid;
        for (const item of section.items) insertChild.run(c.id, item, ++sort, sectionId);
      });
    }

    const insertComment = db.prepare(
      `INSERT INTO comments (content_id, user_id, parent_id, target_user_id, content, ip_location, star_count, reply_count, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const thread of THREADS) {
      const base = publishMs.get(thread.contentId);
      if (base === undefined) throw new Error(`seed: comments on unknown content ${thread.contentId}`);
      const when = (minutes: number) => {
        const ms = base + minutes * 60_000;
        if (ms > nowMs) throw new Error(`seed: a comment on content ${thread.contentId} would be in the future`);
        return at(ms);
      };
      for (const c of thread.comments) {
        const replies = c.replies ?? [];
        const parent = insertComment.run(thread.contentId, c.user, null, null, c.text, c.ip, c.stars, replies.length, when(c.minutesAfter));
        for (const r of replies) {
          insertComment.run(thread.contentId, r.user, parent.lastInsertRowid, r.to, r.text, r.ip, r.stars, 0, when(r.minutesAfter));
        }
      }
    }
    db.prepare("UPDATE contents SET comment_count = (SELECT COUNT(*) FROM comments WHERE comments.content_id = contents.id)").run();

    // The demo account's own traces, so "collected", "liked", "followed" and "starred" show up at once.
    const seededAt = at(hoursAgo(1));
    const collect = db.prepare("INSERT INTO collections (user_id, content_id, created_at) VALUES (?, ?, ?)");
    for (const id of [SEED_FIXTURES.article, SEED_FIXTURES.video]) collect.run(USER.demo, id, seededAt);
    const like = db.prepare("INSERT INTO content_likes (user_id, content_id, created_at) VALUES (?, ?, ?)");
    for (const id of [SEED_FIXTURES.manyComments, SEED_FIXTURES.gallery]) like.run(USER.demo, id, seededAt);
    db.prepare("INSERT INTO follows (user_id, official_account_id, created_at) VALUES (?, ?, ?)").run(USER.demo, ACCOUNT.newsroom, seededAt);
    db.prepare("INSERT INTO comment_stars (user_id, comment_id, created_at) VALUES (?, ?, ?)").run(USER.demo, REPLIED_COMMENT_ID, seededAt);

    const insertStatic = db.prepare("INSERT INTO static_data (module_name, value) VALUES (?, ?)");
    for (const [name, value] of Object.entries(STATIC_DATA)) insertStatic.run(name, JSON.stringify(value));

    seedListsAndSearch(db);
    seedDejin(db, { at, hoursAgo });
    seedPages(db, { at, hoursAgo });
    seedCommunity(db, { at, hoursAgo });
    seedLive(db, now, liveUpcomingDelayS);
  })();
}
