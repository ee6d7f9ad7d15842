// Long because it is data: six broadcasts with their posts, messages and columns.
import type { Db } from "./db";
import { LiveStatus, statusAt, type LiveColumn, type LivePost, type LiveStyle } from "./live-rooms";
import { media, seededCover } from "./media";
import { ACCOUNT, GROUP, coverName } from "./seed-articles";
import { USER } from "./seed-users";

/**
 * The live broadcasts' seed: six broadcasts over the three screens (image 图文直播, landscape, portrait) in every
 * state, each tied to a local_live content item, with the host's posts, the viewers' chat, places and weather, and
 * the lines the demo host and viewers (live-demo.ts) keep posting while a broadcast is live.
 */

const HOUR_S = 3600;

/** How long after the platform starts the upcoming demo broadcast begins, unless the platform is told otherwise. */
export const DEFAULT_LIVE_UPCOMING_DELAY_S = 180;

/** Live ids and content ids that tests and the e2e suite rely on. */
export const LIVE_FIXTURES = {
  /** Landscape, live: the marathon (content 46, in the home page's lists). */
  landscapeLive: "marathon-2026",
  landscapeLiveContent: 46,
  /** Image (图文直播), live, with a place and its weather. */
  imageLive: "flood-watch",
  imageLiveContent: 401,
  /** Portrait, live. */
  portraitLive: "night-market",
  portraitLiveContent: 402,
  /** Landscape, upcoming: starts `liveUpcomingDelaySeconds` after the platform starts (re-anchored at every start). */
  upcoming: "birding-festival",
  upcomingContent: 403,
  /** Landscape, ended, with a replay in `playlists`. */
  endedWithReplay: "wetland-opening",
  endedWithReplayContent: 404,
  /** Image, ended, without a replay. */
  endedWithoutReplay: "city-congress",
  endedWithoutReplayContent: 405,
} as const;

/** Seeded viewers who chat (the commenters of the seed; not the demo account, not the official account). */
export const DEMO_VIEWERS = [
  USER.river,
  USER.zhang,
  USER.deer,
  USER.foodie,
  USER.runner,
  USER.sunny,
  USER.cat,
  USER.teacher,
  USER.commuter,
  USER.student,
];

export type DemoPost = Pick<LivePost, "kind" | "text"> & { pictures?: LivePost["pictures"]; video?: { url: string; poster: string } };

const text = (line: string): DemoPost => ({ kind: "text", text: line });
const picture = (line: string, n: number, [width, height]: [number, number]): DemoPost => ({
  kind: "image",
  text: line,
  pictures: [{ url: media(`gallery-${String(n).padStart(2, "0")}.jpg`), width, height }],
});
const cover = (line: string, ...covers: number[]): DemoPost => ({
  kind: "image",
  text: line,
  pictures: covers.map((n) => ({ url: media(`${coverName(n)}.jpg`), width: 640, height: 360 })),
});
const clip = (line: string, file: string, poster: string): DemoPost => ({
  kind: "video",
  text: line,
  video: { url: media(file), poster: media(poster) },
});

const WIDE: [number, number] = [960, 640];
const TALL: [number, number] = [640, 960];

/**
 * When a broadcast runs, relative to the platform's start: `startsInS` (negative: already started) or "upcoming"
 * (the platform's liveUpcomingDelaySeconds), and how long it lasts.
 */
type Schedule = { startsInS: number | "upcoming"; durationS: number };

type LiveContentSeed = {
  title: string;
  summary: string;
  source: string;
  account: number;
  cover: string;
  views: number;
  likes: number;
  collects: number;
  groups: number[];
  body: string;
};

type Place = { id: number; name: string; address: string; lat: number; lng: number; city: string; weather: string; temperature: number };

/** The places of the broadcasts, with the weather the demo reports there. */
const PLACE = {
  start: {
    id: 1,
    name: "临江市民广场（起点）",
    address: "临江市江北区市民大道1号",
    lat: 30.5728,
    lng: 114.2793,
    city: "临江",
    weather: "晴",
    temperature: 16,
  },
  floodControl: {
    id: 2,
    name: "临江市防汛抗旱指挥中心",
    address: "临江市滨江区沿江路88号",
    lat: 30.5561,
    lng: 114.3012,
    city: "临江",
    weather: "大雨",
    temperature: 19,
  },
  nightMarket: {
    id: 3,
    name: "老街夜市",
    address: "临江市老城区老街牌坊口",
    lat: 30.5489,
    lng: 114.2876,
    city: "临江",
    weather: "多云",
    temperature: 22,
  },
  wetland: {
    id: 4,
    name: "江心洲湿地公园",
    address: "临江市江心洲环岛路6号",
    lat: 30.5632,
    lng: 114.3188,
    city: "临江",
    weather: "晴",
    temperature: 18,
  },
} satisfies Record<string, Place>;

type LiveSeed = {
  liveId: string;
  contentId: number;
  /** The local_live content item; absent when seed.ts already has it. */
  content?: LiveContentSeed;
  style: LiveStyle;
  schedule: Schedule;
  countdown: { show: boolean; title: string };
  columns: LiveColumn[];
  host: { name: string; avatar: string };
  place?: Place;
  playlists?: { title: string; file: string; cover: string; duration: number }[];
  online: number;
  likes: number;
  bookings: number;
  /** Posts already made when the platform is seeded, oldest first; the demo host keeps posting `hostScript`. */
  posts: DemoPost[];
  hostScript: DemoPost[];
  /** Chat lines: the first `chatHistory` are the seeded history, the demo viewers keep saying the rest (and cycle). */
  chatter: string[];
  chatHistory: number;
};

const column = (type: LiveColumn["type"], name: string): LiveColumn => ({ id: type, name, type });

const LIVE_SEEDS: LiveSeed[] = [
  {
    liveId: LIVE_FIXTURES.landscapeLive,
    contentId: LIVE_FIXTURES.landscapeLiveContent,
    style: "landscape",
    schedule: { startsInS: -0.7 * HOUR_S, durationS: 4.7 * HOUR_S },
    countdown: { show: true, title: "距离鸣枪开跑还有" },
    columns: [column("intro", "简介"), column("posts", "赛况"), column("chat", "互动")],
    host: { name: "江城体育", avatar: media("avatar-06.png") },
    place: PLACE.start,
    online: 12345,
    likes: 9876,
    bookings: 2345,
    posts: [
      text("7:30，三万名跑者已在市民广场集结完毕，起点区一片欢腾。"),
      cover("鸣枪！2026临江马拉松正式开跑，全程选手率先出发。", 4, 9),
      text("领先集团已通过5公里，配速保持在每公里3分整。"),
      picture("江心洲大桥上，跑者的队伍望不到头。", 5, [800, 800]),
      text("10公里处补给站：香蕉、能量胶和温水准备充足，志愿者们在为每一位跑者加油。"),
    ],
    hostScript: [
      text("半程马拉松组领跑者已接近折返点。"),
      picture("沿江大道上，市民自发组成的啦啦队。", 2, WIDE),
      text("提醒：全程赛道江北段将在11:30前陆续恢复通车。"),
      clip("现场：江心洲大桥上的跑者。", "clip-landscape.mp4", "cover-14.jpg"),
      text("男子全程领先集团通过30公里，第一梯队还剩4人。"),
      picture("终点前的最后一个弯道。", 8, WIDE),
      text("医疗保障：赛道沿线设有18个医疗点，目前一切平稳。"),
    ],
    chatter: [
      "临江加油！",
      "我在20公里处，太热闹了",
      "跑友们注意补水啊",
      "今年的赛道风景真好",
      "大桥上那段太壮观了",
      "给所有跑者点赞👍",
      "我爸也在跑，全程第四次了",
      "志愿者辛苦了",
      "终点见！",
      "配速3分，这是什么神仙速度",
      "明年我也要报名",
      "江边风好大，跑起来应该很舒服",
      "解说好专业",
      "有没有人看到穿恐龙服的那位😂",
      "冲冲冲！",
      "第一次在手机上看马拉松直播",
      "家门口的马拉松，骄傲",
      "半马的朋友加油！",
    ],
    chatHistory: 10,
  },
  {
    liveId: LIVE_FIXTURES.imageLive,
    contentId: LIVE_FIXTURES.imageLiveContent,
    content: {
      title: "图文直播｜暴雨黄色预警：临江防汛一线实况",
      summary: "市气象台发布暴雨黄色预警，记者在防汛一线持续播报雨情、水情和交通。",
      source: "临江发布",
      account: ACCOUNT.government,
      cover: coverName(5),
      views: 23456,
      likes: 3456,
      collects: 210,
      groups: [GROUP.recommend, GROUP.news, GROUP.local],
      body: "<p>临江市气象台发布暴雨黄色预警。大目新闻记者在防汛指挥中心、江堤和主要路口持续播报雨情、水情和交通情况。</p>",
    },
    style: "image",
    schedule: { startsInS: -1.5 * HOUR_S, durationS: 8 * HOUR_S },
    countdown: { show: false, title: "" },
    columns: [column("posts", "直播"), column("chat", "互动"), column("intro", "简介")],
    host: { name: "临江发布", avatar: media("avatar-11.png") },
    place: PLACE.floodControl,
    online: 3456,
    likes: 5678,
    bookings: 0,
    posts: [
      text("【预警】市气象台发布暴雨黄色预警：未来6小时全市大部地区降雨量将达50毫米以上。"),
      cover("防汛指挥中心：大屏上实时显示全市32个积水监测点的水位。", 1),
      text("市防指启动防汛四级应急响应，各区防汛人员已全部到岗。"),
      picture("江堤上，巡堤队员冒雨逐段检查。", 6, WIDE),
      text("交通提醒：解放路下穿通道积水较深，已临时封闭，请绕行沿江大道。"),
      clip("视频：排涝泵站全速运转。", "clip-landscape.mp4", "cover-14.jpg"),
      text("目前临江水文站水位24.6米，低于警戒水位1.4米。"),
      picture("地铁站口，工作人员铺设防滑垫、架起挡水板。", 4, WIDE),
      text("公交集团：12条途经低洼路段的线路临时绕行，详情见“临江公交”公众号。"),
    ],
    hostScript: [
      text("最新：过去一小时，江北区最大降雨量28.3毫米。"),
      picture("社区网格员挨家挨户提醒低洼地带居民注意安全。", 7, TALL),
      text("解放路下穿通道积水已排除，恢复通行。"),
      cover("雨中的江堤巡查。", 11, 14),
      text("气象台：降雨将在今天夜间逐渐减弱，明天转为阴天。"),
      clip("视频：抢险队员在清理路边雨水篦子。", "clip-landscape.mp4", "cover-14.jpg"),
      text("提醒市民：雷雨天气请远离广告牌、树木和积水区域。"),
      picture("雨后的江面，水位平稳。", 8, WIDE),
    ],
    chatter: [
      "我们小区门口水已经到脚踝了",
      "辛苦一线的工作人员",
      "解放路那边还能走吗？",
      "地铁正常运营吗",
      "江北这边雨小了一点",
      "给防汛队员点赞",
      "孩子学校放学提前了",
      "感谢及时播报",
      "沿江大道现在很堵",
      "大家出门注意安全",
      "雨太大了，今天还是居家办公吧",
      "高新区这边还好",
      "泵站的叔叔们辛苦了",
      "希望雨快点停",
    ],
    chatHistory: 8,
  },
  {
    liveId: LIVE_FIXTURES.portraitLive,
    contentId: LIVE_FIXTURES.portraitLiveContent,
    content: {
      title: "竖屏直播｜夜市开张夜，主播带你逛吃",
      summary: "糖画、烤串、臭豆腐……跟着主播逛一圈焕新的老街夜市。",
      source: "临江文旅",
      account: ACCOUNT.culture,
      cover: coverName(7),
      views: 34567,
      likes: 8765,
      collects: 654,
      groups: [GROUP.recommend, GROUP.video, GROUP.culture],
      body: "<p>改造后的老街夜市今晚重新开张。主播小满带你从牌坊口一路逛到江边码头，尝遍二十多家老字号小吃。</p>",
    },
    style: "portrait",
    schedule: { startsInS: -0.4 * HOUR_S, durationS: 3 * HOUR_S },
    countdown: { show: true, title: "夜市开逛倒计时" },
    columns: [column("chat", "互动"), column("intro", "简介")],
    host: { name: "临江文旅·小满", avatar: media("avatar-08.png") },
    place: PLACE.nightMarket,
    online: 8765,
    likes: 23456,
    bookings: 1234,
    posts: [],
    hostScript: [],
    chatter: [
      "主播先去吃糖画！",
      "臭豆腐在哪一家？",
      "看饿了😋",
      "这家烤串我吃过，真的好吃",
      "人好多啊",
      "主播往左边走，有家老字号汤圆",
      "周末带娃去逛",
      "灯笼好好看",
      "多少钱一串？",
      "夜市开到几点？",
      "求主播试试那个冰粉",
      "老街终于回来了",
      "停车方便吗",
      "主播声音好好听",
      "已经在路上了🏃",
    ],
    chatHistory: 9,
  },
  {
    liveId: LIVE_FIXTURES.upcoming,
    contentId: LIVE_FIXTURES.upcomingContent,
    content: {
      title: "预告｜江心洲湿地观鸟节开幕直播",
      summary: "候鸟回来了！观鸟节开幕式和湿地观鸟路线，马上开播，先预约。",
      source: "临江文旅",
      account: ACCOUNT.culture,
      cover: coverName(11),
      views: 4567,
      likes: 345,
      collects: 87,
      groups: [GROUP.recommend, GROUP.local, GROUP.culture],
      body: "<p>第五届江心洲湿地观鸟节即将开幕。直播将带你看开幕式，并跟随鸟类专家走一遍湿地观鸟路线。</p>",
    },
    style: "landscape",
    schedule: { startsInS: "upcoming", durationS: 2 * HOUR_S },
    countdown: { show: true, title: "距离开播还有" },
    columns: [column("intro", "简介"), column("chat", "互动")],
    host: { name: "临江文旅", avatar: media("avatar-08.png") },
    place: PLACE.wetland,
    online: 0,
    likes: 345,
    bookings: 867,
    posts: [],
    hostScript: [text("观鸟节开幕式正式开始！"), picture("湿地里的白鹤群。", 1, WIDE), text("鸟类专家：今年来临江越冬的白鹤比去年多了三成。")],
    chatter: ["终于开始了", "白鹤好美", "专家讲得真好", "周末去湿地看看", "带上望远镜", "孩子看得好认真"],
    chatHistory: 0,
  },
  {
    liveId: LIVE_FIXTURES.endedWithReplay,
    contentId: LIVE_FIXTURES.endedWithReplayContent,
    content: {
      title: "直播｜江心洲湿地公园开园仪式",
      summary: "湿地公园正式开园，直播已结束，可观看回放。",
      source: "大目新闻",
      account: ACCOUNT.newsroom,
      cover: coverName(16),
      views: 18765,
      likes: 2345,
      collects: 345,
      groups: [GROUP.video, GROUP.local],
      body: "<p>江心洲湿地公园正式开园。直播回放包括开园仪式和园区第一眼航拍。</p>",
    },
    style: "landscape",
    schedule: { startsInS: -26 * HOUR_S, durationS: 1.5 * HOUR_S },
    countdown: { show: true, title: "距离开园仪式还有" },
    columns: [column("intro", "简介"), column("replay", "回放"), column("chat", "互动")],
    host: { name: "大目新闻", avatar: media("logo.png") },
    place: PLACE.wetland,
    playlists: [{ title: "开园仪式全程回放", file: "river-dawn.m3u8", cover: "cover-16.jpg", duration: 8 }],
    online: 15432,
    likes: 6543,
    bookings: 987,
    posts: [text("开园仪式开始，首批游客沿木栈道走进湿地。"), cover("园区第一眼：芦苇荡和观鸟长廊。", 16, 12)],
    hostScript: [],
    chatter: ["终于开园了！", "周末就去", "航拍好美", "门票免费吗？", "停车场在哪边", "带孩子去看鸟"],
    chatHistory: 6,
  },
  {
    liveId: LIVE_FIXTURES.endedWithoutReplay,
    contentId: LIVE_FIXTURES.endedWithoutReplayContent,
    content: {
      title: "图文直播｜临江市第十七届人大三次会议开幕",
      summary: "政府工作报告划重点：地铁、教育、养老，今年要办这些事。直播已结束。",
      source: "临江发布",
      account: ACCOUNT.government,
      cover: coverName(17),
      views: 12345,
      likes: 987,
      collects: 456,
      groups: [GROUP.news],
      body: "<p>临江市第十七届人民代表大会第三次会议开幕。大目新闻图文直播政府工作报告要点。</p>",
    },
    style: "image",
    schedule: { startsInS: -50 * HOUR_S, durationS: 3 * HOUR_S },
    countdown: { show: false, title: "" },
    columns: [column("posts", "直播"), column("intro", "简介")],
    host: { name: "临江发布", avatar: media("avatar-11.png") },
    online: 6789,
    likes: 987,
    bookings: 0,
    posts: [
      text("9:00，大会开幕。"),
      text("政府工作报告：今年将开工建设地铁7号线，年底前5号线南延段通车。"),
      cover("报告提出新增学位一万个，建设社区食堂五十家。", 17),
      text("大会议程：审议政府工作报告、计划报告和预算报告。"),
      text("开幕会结束。图文直播到此结束，感谢关注。"),
    ],
    hostScript: [],
    chatter: [],
    chatHistory: 0,
  },
];

/** The demo script of a broadcast, by live id: what its host keeps posting and its viewers keep saying. */
export function demoScriptOf(liveId: string): Pick<LiveSeed, "hostScript" | "chatter"> | undefined {
  return LIVE_SEEDS.find((seed) => seed.liveId === liveId);
}

function scheduleAt(schedule: Schedule, nowMs: number, upcomingDelayS: number) {
  const startsInS = schedule.startsInS === "upcoming" ? upcomingDelayS : schedule.startsInS;
  const start = Math.floor(nowMs / 1000 + startsInS) * 1000;
  return { start_time: new Date(start).toISOString(), end_time: new Date(start + schedule.durationS * 1000).toISOString() };
}

/**
 * Re-times the demo broadcasts when the platform starts, so a long-lived database still shows every state: the
 * upcoming one starts `upcomingDelayS` from now again, and a broadcast seeded live that has since ended (or not
 * begun) is live again. Ended broadcasts stay as they are. Posts and messages keep their times.
 */
export function reanchorDemoBroadcasts(db: Db, now: Date, upcomingDelayS: number): void {
  const update = db.prepare("UPDATE live_rooms SET start_time = @start_time, end_time = @end_time WHERE live_id = @liveId");
  const find = db.prepare("SELECT start_time, end_time FROM live_rooms WHERE live_id = ?");
  for (const seed of LIVE_SEEDS) {
    const room = find.get(seed.liveId) as { start_time: string; end_time: string } | undefined;
    if (!room) continue;
    const { startsInS, durationS } = seed.schedule;
    const seededLive = typeof startsInS === "number" && startsInS < 0 && startsInS + durationS > 0;
    if (startsInS === "upcoming" || (seededLive && statusAt(room, now) !== LiveStatus.live)) {
      update.run({ liveId: seed.liveId, ...scheduleAt(seed.schedule, now.getTime(), upcomingDelayS) });
    }
  }
}

/** Seeds the broadcasts, their contents (except the marathon's, which seed.ts has), places, posts and chat. */
export function seedLive(db: Db, now: Date, upcomingDelayS: number): void {
  const nowMs = Math.floor(now.getTime() / 1000) * 1000;
  const insertContent = db.prepare(
    `INSERT INTO contents (id, content_type, title, summary, source_alias, body, covers, official_account_id, recommended,
       view_count, like_count, collect_count, publish_at)
     VALUES (@id, 'local_live', @title, @summary, @source, @body, @covers, @account, @recommended, @views, @likes, @collects, @publishAt)`,
  );
  const insertGroupItem = db.prepare("INSERT INTO content_group_items (group_id, content_id) VALUES (?, ?)");
  const insertPlace = db.prepare(
    `INSERT INTO lbs_places (id, name, address, lat, lng, city, weather, temperature)
     VALUES (@id, @name, @address, @lat, @lng, @city, @weather, @temperature)`,
  );
  const insertRoom = db.prepare(
    `INSERT INTO live_rooms (live_id, content_id, group_id, style, start_time, end_time, last_status, countdown_show,
       countdown_title, stream, playlists, columns, host_name, host_avatar, lbs_id, online_count, like_count, booking_base)
     VALUES (@liveId, @contentId, @groupId, @style, @start_time, @end_time, @status, @countdownShow, @countdownTitle,
       @stream, @playlists, @columns, @hostName, @hostAvatar, @lbsId, @online, @likes, @bookings)`,
  );
  const insertMessage = db.prepare(
    `INSERT INTO live_messages (room_id, seq, kind, format, text, pictures, video, user_id, created_at)
     VALUES (@roomId, @seq, @kind, @format, @text, @pictures, @video, @userId, @createdAt)`,
  );

  for (const place of Object.values(PLACE)) insertPlace.run(place);
  for (const seed of LIVE_SEEDS) {
    const times = scheduleAt(seed.schedule, nowMs, upcomingDelayS);
    const startMs = Date.parse(times.start_time);
    const endMs = Date.parse(times.end_time);
    const c = seed.content;
    if (c) {
      // Announced a day before the start, so the newest articles still lead the home page.
      insertContent.run({
        id: seed.contentId,
        title: c.title,
        summary: c.summary,
        source: c.source,
        body: c.body,
        covers: JSON.stringify([seededCover(c.cover)]),
        account: c.account,
        recommended: c.groups.includes(GROUP.recommend) ? 1 : 0,
        views: c.views,
        likes: c.likes,
        collects: c.collects,
        publishAt: new Date(Math.min(startMs - 24 * HOUR_S * 1000, nowMs - 60_000)).toISOString(),
      });
      for (const g of c.groups) insertGroupItem.run(g, seed.contentId);
    }
    const stream = seed.style === "image" ? null : seed.style;
    const { lastInsertRowid: roomId } = insertRoom.run({
      liveId: seed.liveId,
      contentId: seed.contentId,
      groupId: `live-${seed.liveId}`,
      style: seed.style,
      ...times,
      status: statusAt(times, now),
      countdownShow: seed.countdown.show ? 1 : 0,
      countdownTitle: seed.countdown.title,
      stream,
      playlists: JSON.stringify(
        (seed.playlists ?? []).map((p) => ({ title: p.title, url: media(p.file), cover: media(p.cover), duration: p.duration })),
      ),
      columns: JSON.stringify(seed.columns),
      hostName: seed.host.name,
      hostAvatar: seed.host.avatar,
      lbsId: seed.place?.id ?? null,
      online: seed.online,
      likes: seed.likes,
      bookings: seed.bookings,
    });

    // The history so far, spread evenly from the start until now (or the end), posts and chat interleaved by time.
    const untilMs = Math.min(nowMs - 30_000, endMs - 60_000);
    if (untilMs <= startMs) continue;
    const history = [
      ...seed.posts.map((post, index, all) => ({ at: spread(startMs, untilMs, index, all.length), post })),
      ...seed.chatter
        .slice(0, seed.chatHistory)
        .map((line, index, all) => ({ at: spread(startMs, untilMs, index, all.length) + 17_000, line, index })),
    ].sort((a, b) => a.at - b.at);
    let seq = 0;
    for (const item of history) {
      const createdAt = new Date(Math.min(item.at, untilMs)).toISOString();
      seq += 1;
      if ("post" in item) {
        insertMessage.run({
          roomId,
          seq,
          kind: "post",
          format: item.post.kind,
          text: item.post.text,
          pictures: JSON.stringify(item.post.pictures ?? []),
          video: item.post.video ? JSON.stringify(item.post.video) : null,
          userId: null,
          createdAt,
        });
      } else {
        const userId = DEMO_VIEWERS[item.index % DEMO_VIEWERS.length];
        insertMessage.run({ roomId, seq, kind: "message", format: "text", text: item.line, pictures: "[]", video: null, userId, createdAt });
      }
    }
    db.prepare("UPDATE live_rooms SET event_seq = ? WHERE id = ?").run(seq, roomId);
  }
}

/** The time of item `index` of `count` spread evenly over [from, to]. */
function spread(from: number, to: number, index: number, count: number): number {
  return Math.round(from + ((to - from) * (index + 1)) / (count + 1));
}
