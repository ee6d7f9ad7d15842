// Long because it is data: the clue report's topics, reporters and clues.
import type { Db } from "./db";
import { media, seededCover } from "./media";
import { coverName } from "./seed-articles";
import { USER } from "./seed-users";

/** The clue report's seed: three tip-off topics with channels, five reporters and their twenty clues. */

const REPORTER = { zhou: 101, fang: 102, chen: 103, lin: 104, wu: 105 } as const;

const REPORTERS = [
  {
    id: REPORTER.zhou,
    phone: "13900000101",
    alias: "热心市民老周",
    avatar: 3,
    intro: "退休公交司机，每天清早沿江走一圈，看到啥拍啥。",
    location: "江北区",
  },
  { id: REPORTER.fang, phone: "13900000102", alias: "骑行的阿芳", avatar: 7, intro: "外卖骑手，一天跑遍临江大街小巷。", location: "高新区" },
  { id: REPORTER.chen, phone: "13900000103", alias: "楼长陈姐", avatar: 4, intro: "滨江花园小区楼长，邻里的事就是我的事。", location: "滨江区" },
  { id: REPORTER.lin, phone: "13900000104", alias: "摄影爱好者林工", avatar: 6, intro: "业余摄影十年，爱拍云、拍江、拍老街。", location: "老城区" },
  {
    id: REPORTER.wu,
    phone: "13900000105",
    alias: "大学生记者小吴",
    avatar: 12,
    intro: "临江大学新闻系大三学生，校园记者团成员。",
    location: "大学城",
  },
];

type Topic = { id: number; name: string; description: string; cover: number; recommend: number; channels: { id: number; name: string }[] };

const TOPICS: Topic[] = [
  {
    id: 1,
    name: "城市随手拍",
    description: "路上看到的新鲜事、烦心事、暖心事，随手一拍告诉大目。",
    cover: 1,
    recommend: 1,
    channels: [
      { id: 1, name: "交通出行" },
      { id: 2, name: "市容环境" },
      { id: 3, name: "好人好事" },
    ],
  },
  {
    id: 2,
    name: "民生求助",
    description: "停水停电、物业纠纷、消费维权，记者帮你问。",
    cover: 12,
    recommend: 2,
    channels: [
      { id: 4, name: "水电气" },
      { id: 5, name: "物业小区" },
      { id: 6, name: "消费维权" },
    ],
  },
  {
    id: 3,
    name: "临江天气实况",
    description: "暴雨、晚霞、大雾……你那里的天气，拍给大家看。",
    cover: 16,
    recommend: 3,
    channels: [
      { id: 7, name: "暴雨积水" },
      { id: 8, name: "晴好风光" },
      { id: 9, name: "冰雪寒潮" },
    ],
  },
];

type Picture = { file: string; thumb: string; width: number; height: number };

const cover = (n: number): Picture => ({ file: `${coverName(n)}.jpg`, thumb: `${coverName(n)}.webp`, width: 640, height: 360 });
const gallery = (n: number, width: number, height: number): Picture => {
  const name = `gallery-${String(n).padStart(2, "0")}`;
  return { file: `${name}.jpg`, thumb: `${name}-thumb.webp`, width, height };
};

type ClueSeed = {
  id: number;
  reporter: number;
  channel: number;
  title: string;
  text: string;
  location: string;
  hoursAgo: number;
  /** How long before it was reported the reporter saw it. */
  sawHoursBefore: number;
  views: number;
  likes: number;
  pictures?: Picture[];
  video?: { file: string; poster: string; width: number; height: number; seconds: number };
  mentions?: number[];
  comments?: { user: number; text: string; ip: string; minutesAfter: number }[];
};

/** Content ids 201–220. */
const CLUES: ClueSeed[] = [
  {
    id: 201,
    reporter: REPORTER.zhou,
    channel: 1,
    title: "江滨路公交站台被共享单车堵住了",
    text: "早上七点多，江滨路与文化路口的公交站台前横七竖八停了二十多辆共享单车，等车的老人只能站到机动车道上，太危险了。希望运营公司早点来清理。",
    location: "江北区 江滨路与文化路交叉口",
    hoursAgo: 2,
    sawHoursBefore: 1,
    views: 3456,
    likes: 120,
    pictures: [cover(10), cover(5)],
    mentions: [REPORTER.fang],
    comments: [
      { user: USER.commuter, text: "每天早上都这样，希望能划个停车区。", ip: "临江", minutesAfter: 20 },
      { user: USER.teacher, text: "老周辛苦了，这事确实该管管。", ip: "临江", minutesAfter: 45 },
    ],
  },
  {
    id: 202,
    reporter: REPORTER.fang,
    channel: 1,
    title: "高新大道地铁施工路段晚高峰堵了两公里",
    text: "今晚六点，高新大道往大学城方向从科创园一直堵到软件园，施工围挡占了两条车道，送单都超时了。建议大家绕行创新路。",
    location: "高新区 高新大道科创园段",
    hoursAgo: 5,
    sawHoursBefore: 0.5,
    views: 8765,
    likes: 342,
    video: { file: "clip-portrait.mp4", poster: "cover-portrait", width: 360, height: 640, seconds: 3 },
    comments: [{ user: USER.runner, text: "我也堵在这儿，四十分钟才挪了一公里。", ip: "临江", minutesAfter: 10 }],
  },
  {
    id: 203,
    reporter: REPORTER.chen,
    channel: 2,
    title: "滨江花园门口的垃圾桶三天没人清运",
    text: "滨江花园北门外的四个垃圾桶已经满了三天，天热味道很大，苍蝇乱飞。给环卫打过电话说今天来，到现在还没见人。",
    location: "滨江区 滨江花园北门",
    hoursAgo: 9,
    sawHoursBefore: 2,
    views: 2345,
    likes: 88,
    pictures: [cover(8)],
    mentions: [REPORTER.zhou],
  },
  {
    id: 204,
    reporter: REPORTER.lin,
    channel: 2,
    title: "老街青石板路修好了，还是原来的味道",
    text: "老街改造时撬起来的青石板，一块块编号后又原样铺了回去。今天路过拍了几张，连石板上的车辙印都还在，点赞这种改造。",
    location: "老城区 十字街",
    hoursAgo: 14,
    sawHoursBefore: 3,
    views: 12034,
    likes: 1021,
    pictures: [cover(6), cover(9), cover(15)],
    comments: [
      { user: USER.zhang, text: "小时候天天在这条路上跑，好多年没回去了。", ip: "上海", minutesAfter: 30 },
      { user: USER.cat, text: "修旧如旧，这才是真正的保护。", ip: "临江", minutesAfter: 90 },
      { user: USER.student, text: "周末去打卡！", ip: "临江", minutesAfter: 200 },
    ],
  },
  {
    id: 205,
    reporter: REPORTER.wu,
    channel: 3,
    title: "公交车上老人晕倒，乘客和司机合力送医",
    text: "今天下午在12路公交上，一位老人突然晕倒。司机立刻靠边停车，车上一位护士做了急救，几位乘客帮忙拦车，十分钟就把老人送到了市二院。老人已经脱离危险。",
    location: "江北区 12路公交人民路站",
    hoursAgo: 20,
    sawHoursBefore: 4,
    views: 23456,
    likes: 3456,
    pictures: [cover(2)],
    mentions: [REPORTER.zhou, REPORTER.fang],
    comments: [{ user: USER.sunny, text: "临江人好样的！", ip: "临江", minutesAfter: 15 }],
  },
  {
    id: 206,
    reporter: REPORTER.zhou,
    channel: 1,
    title: "人民路红绿灯坏了，交警在现场指挥",
    text: "人民路和解放路路口的信号灯全部熄灭，两位交警冒雨站在路中间指挥，车辆通行还算有序。维修车已经到了。",
    location: "老城区 人民路与解放路交叉口",
    hoursAgo: 26,
    sawHoursBefore: 0.5,
    views: 5678,
    likes: 234,
    pictures: [cover(3)],
  },
  {
    id: 207,
    reporter: REPORTER.fang,
    channel: 3,
    title: "外卖小哥江边救起落水儿童",
    text: "傍晚在滨江步道送单，听见有人喊救命，一个小孩在台阶边滑进了水里。同行的骑手小刘直接跳下去把孩子托了上来，孩子没事，小刘衣服全湿了还接着去送单。",
    location: "滨江区 滨江步道三号台阶",
    hoursAgo: 30,
    sawHoursBefore: 1,
    views: 34567,
    likes: 5678,
    video: { file: "svideo-ferry.mp4", poster: "svideo-ferry", width: 360, height: 640, seconds: 5 },
    mentions: [REPORTER.chen],
    comments: [
      { user: USER.river, text: "给小刘点赞！", ip: "临江", minutesAfter: 12 },
      { user: USER.deer, text: "这才是城市英雄。", ip: "杭州", minutesAfter: 40 },
    ],
  },
  {
    id: 208,
    reporter: REPORTER.lin,
    channel: 2,
    title: "江心洲大桥下的涂鸦墙被重新刷白",
    text: "大桥下那面涂鸦墙是年轻人自发画的，今天发现被刷成了白墙。不知道是哪个部门刷的，以后还能再画吗？",
    location: "江北区 江心洲大桥北桥头",
    hoursAgo: 40,
    sawHoursBefore: 5,
    views: 4321,
    likes: 156,
    pictures: [cover(11)],
  },
  {
    id: 209,
    reporter: REPORTER.wu,
    channel: 1,
    title: "大学城到高铁站的夜班公交开通了",
    text: "学校通知，从本周起大学城到临江南站开通夜班公交N3路，末班车晚上十一点半，以后晚到站的同学不用再拼车了。",
    location: "大学城 临江大学南门站",
    hoursAgo: 48,
    sawHoursBefore: 6,
    views: 6789,
    likes: 432,
  },
  {
    id: 210,
    reporter: REPORTER.chen,
    channel: 3,
    title: "小区保安冒雨帮业主抬车",
    text: "昨晚暴雨，地下车库入口积水，一位业主的车熄火在坡道上。三个保安穿着雨衣硬是把车推了上来，浑身湿透。",
    location: "滨江区 滨江花园地下车库",
    hoursAgo: 60,
    sawHoursBefore: 10,
    views: 3210,
    likes: 210,
    pictures: [cover(13)],
  },
  {
    id: 211,
    reporter: REPORTER.zhou,
    channel: 2,
    title: "沿江绿道新装的路灯晚上不亮",
    text: "沿江绿道上个月装了一排新路灯，可是晚上八点以后一盏都不亮，晨练夜跑的人只能打手电。",
    location: "江北区 沿江绿道二期",
    hoursAgo: 72,
    sawHoursBefore: 12,
    views: 1987,
    likes: 64,
  },
  {
    id: 212,
    reporter: REPORTER.chen,
    channel: 4,
    title: "滨江花园6栋停水一整天，没有提前通知",
    text: "6栋从早上八点停水到现在，物业说是二次供水水泵坏了。家里有老人孩子，饭都没法做，希望能尽快修好，以后停水能提前说一声。",
    location: "滨江区 滨江花园6栋",
    hoursAgo: 7,
    sawHoursBefore: 8,
    views: 4567,
    likes: 123,
    mentions: [REPORTER.wu],
    comments: [{ user: USER.commuter, text: "我们7栋也停了，一样没通知。", ip: "临江", minutesAfter: 25 }],
  },
  {
    id: 213,
    reporter: REPORTER.fang,
    channel: 6,
    title: "网红奶茶店预付卡突然关门，店员也联系不上",
    text: "高新区万达那家奶茶店上周还在推充值送杯，今天门口贴了张“装修暂停营业”，群里好多人卡里还有几百块钱。",
    location: "高新区 万达广场一楼",
    hoursAgo: 16,
    sawHoursBefore: 2,
    views: 9876,
    likes: 654,
    pictures: [cover(7)],
    mentions: [REPORTER.wu],
  },
  {
    id: 214,
    reporter: REPORTER.wu,
    channel: 5,
    title: "老小区加装电梯，一楼住户和楼上吵起来了",
    text: "学校旁边的教师新村要加装电梯，楼上的老师们都签了字，一楼住户担心采光和噪音不同意，双方在楼下争了一个多小时。",
    location: "大学城 教师新村3幢",
    hoursAgo: 33,
    sawHoursBefore: 3,
    views: 7654,
    likes: 321,
  },
  {
    id: 215,
    reporter: REPORTER.chen,
    channel: 5,
    title: "小区物业费要涨价，业主们想先看收支明细",
    text: "物业贴出通知，下个月起物业费每平米涨五毛。业主群里大家不反对涨价，但希望物业先公开去年的收支明细。",
    location: "滨江区 滨江花园",
    hoursAgo: 50,
    sawHoursBefore: 1,
    views: 3456,
    likes: 98,
    mentions: [REPORTER.zhou],
  },
  {
    id: 216,
    reporter: REPORTER.zhou,
    channel: 4,
    title: "燃气公司上门安检，小心冒充的推销员",
    text: "楼里有人冒充燃气公司上门，说管子老化要换，一根管子要价六百。正规安检是免费的，工作人员有工牌，大家注意分辨。",
    location: "江北区 文化路小区",
    hoursAgo: 100,
    sawHoursBefore: 5,
    views: 6543,
    likes: 543,
  },
  {
    id: 217,
    reporter: REPORTER.lin,
    channel: 7,
    title: "暴雨后解放路地下通道积水过膝",
    text: "下午一场暴雨，解放路地下通道积水没过膝盖，有电动车在里面熄火了。已经有工作人员拉了警戒线，大家绕行。",
    location: "老城区 解放路地下通道",
    hoursAgo: 3,
    sawHoursBefore: 0.5,
    views: 15678,
    likes: 876,
    pictures: [cover(14), cover(4)],
    mentions: [REPORTER.fang],
    comments: [{ user: USER.foodie, text: "刚刚差点开进去，幸亏看到了警戒线。", ip: "临江", minutesAfter: 8 }],
  },
  {
    id: 218,
    reporter: REPORTER.lin,
    channel: 8,
    title: "雨后江面上出现双彩虹",
    text: "雨停后站在滨江步道上，江面上挂了两道彩虹，足足持续了十来分钟，好多人停下来拍照。",
    location: "滨江区 滨江步道",
    hoursAgo: 2.5,
    sawHoursBefore: 0.5,
    views: 21098,
    likes: 4321,
    pictures: [gallery(6, 960, 640), gallery(5, 800, 800), gallery(3, 640, 960)],
  },
  {
    id: 219,
    reporter: REPORTER.wu,
    channel: 8,
    title: "大学城的晚霞把天空染成了紫色",
    text: "傍晚从图书馆出来，整片天都是紫色的，操场上的同学都在拍。",
    location: "大学城 临江大学操场",
    hoursAgo: 52,
    sawHoursBefore: 1,
    views: 5432,
    likes: 678,
    pictures: [gallery(1, 960, 640)],
  },
  {
    id: 220,
    reporter: REPORTER.fang,
    channel: 7,
    title: "高新区创新路一段路面塌陷，已围挡",
    text: "连续下了两天雨，创新路靠近软件园的一段人行道塌了一个一米多宽的坑，已经围起来了，骑车路过的注意。",
    location: "高新区 创新路软件园段",
    hoursAgo: 80,
    sawHoursBefore: 2,
    views: 4321,
    likes: 210,
    pictures: [cover(17)],
  },
];

/** Seed ids the platform's and the site's tests rely on; encode the numeric ones with the id codec. */
export const DEJIN_FIXTURES = {
  /** The clue with pictures, mentions and two comments. */
  clue: 201,
  /** A clue whose only media is a short portrait video. */
  videoClue: 202,
  /** A clue without comments. */
  uncommentedClue: 203,
  /** Reporter with four clues, mentioned in three others. */
  reporter: REPORTER.zhou,
  /** Reporter nobody mentions: their "at TA" list is empty. */
  unmentionedReporter: REPORTER.lin,
  /** A user who is not a reporter. */
  notReporter: USER.demo,
  /** Eleven clues: two pages of ten on the "all" tab. */
  bigTopic: "城市随手拍",
  /** Topic with a channel that has no clues yet (冰雪寒潮). */
  topicWithEmptyChannel: "临江天气实况",
  emptyChannel: 9,
  totalClues: CLUES.length,
  topicCount: TOPICS.length,
} as const;

type Clock = { at: (ms: number) => string; hoursAgo: (hours: number) => number };

/** Inserts the clue report's seed; called by seedDatabase inside its transaction, after the users exist. */
export function seedDejin(db: Db, { at, hoursAgo }: Clock): void {
  const insertUser = db.prepare("INSERT INTO users (id, phone, alias, avatar, password_hash, created_at) VALUES (?, ?, ?, ?, NULL, ?)");
  const insertReporter = db.prepare("INSERT INTO clue_reporters (user_id, intro, location) VALUES (?, ?, ?)");
  for (const r of REPORTERS) {
    insertUser.run(r.id, r.phone, r.alias, media(`avatar-${String(r.avatar).padStart(2, "0")}.png`), at(hoursAgo(24 * 200)));
    insertReporter.run(r.id, r.intro, r.location);
  }

  const insertTopic = db.prepare("INSERT INTO clue_topics (id, name, description, cover, recommend_sort) VALUES (?, ?, ?, ?, ?)");
  const insertChannel = db.prepare("INSERT INTO clue_channels (id, topic_id, name, sort) VALUES (?, ?, ?, ?)");
  for (const t of TOPICS) {
    insertTopic.run(t.id, t.name, t.description, media(`${coverName(t.cover)}.jpg`), t.recommend);
    t.channels.forEach((c, index) => insertChannel.run(c.id, t.id, c.name, index + 1));
  }

  const insertContent = db.prepare(
    `INSERT INTO contents (id, content_type, title, summary, source_alias, body, covers, images, media_url, media_width,
       media_height, duration_sec, view_count, like_count, collect_count, publish_at)
     VALUES (@id, 'clue_report', @title, @summary, @source, @body, @covers, @images, @media, @width, @height, @seconds,
       @views, @likes, @collects, @publishAt)`,
  );
  const insertClue = db.prepare("INSERT INTO clues (content_id, reporter_id, channel_id, location, happened_at) VALUES (?, ?, ?, ?, ?)");
  const insertMention = db.prepare("INSERT INTO clue_mentions (content_id, user_id) VALUES (?, ?)");
  const insertComment = db.prepare("INSERT INTO comments (content_id, user_id, content, ip_location, created_at) VALUES (?, ?, ?, ?, ?)");
  const aliasOf = new Map<number, string>(REPORTERS.map((r) => [r.id, r.alias]));
  for (const c of CLUES) {
    const published = hoursAgo(c.hoursAgo);
    const pictures = (c.pictures ?? []).map((p) => ({
      url: media(p.file),
      thumb: media(p.thumb),
      width: p.width,
      height: p.height,
      description: "",
    }));
    const coverFile = c.video ? c.video.poster : c.pictures?.[0]?.file.replace(/\.jpg$/, "");
    const covers = coverFile ? [seededCover(coverFile)] : [];
    insertContent.run({
      id: c.id,
      title: c.title,
      summary: c.text.slice(0, 60),
      source: aliasOf.get(c.reporter),
      body: c.text,
      covers: JSON.stringify(covers),
      images: JSON.stringify(pictures),
      media: c.video ? media(c.video.file) : "",
      width: c.video?.width ?? 0,
      height: c.video?.height ?? 0,
      seconds: c.video?.seconds ?? 0,
      views: c.views,
      likes: c.likes,
      collects: Math.round(c.likes / 8),
      publishAt: at(published),
    });
    insertClue.run(c.id, c.reporter, c.channel, c.location, at(hoursAgo(c.hoursAgo + c.sawHoursBefore)));
    for (const user of c.mentions ?? []) insertMention.run(c.id, user);
    for (const comment of c.comments ?? []) {
      insertComment.run(c.id, comment.user, comment.text, comment.ip, at(published + comment.minutesAfter * 60_000));
    }
  }
  db.prepare(
    "UPDATE contents SET comment_count = (SELECT COUNT(*) FROM comments WHERE comments.content_id = contents.id) WHERE content_type = 'clue_report'",
  ).run();
}
