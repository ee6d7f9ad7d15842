// Long because it is data: two circles with their posts, topics and replies, and the law questions.
import type { Db } from "./db";
import { media } from "./media";
import { coverName } from "./seed-articles";
import { USER } from "./seed-users";

/** The community (dimim) and law (fazak) seed: two circles with their posts, topics and replies; law questions with answers. */

/** Lawyers are users of their own (ids 131+), with a lawyer profile. */
const LAWYER = { he: 131, song: 132 } as const;
const LAWYERS = [
  { id: LAWYER.he, phone: "13900000131", alias: "何律师", avatar: 9, title: "执业律师 · 临江明理律师事务所" },
  { id: LAWYER.song, phone: "13900000132", alias: "宋律师", avatar: 11, title: "执业律师 · 临江法律援助中心" },
];

const CIRCLE = { running: 1, food: 2 } as const;
const CIRCLES = [
  {
    id: CIRCLE.running,
    name: "临江跑团",
    description: "沿江步道、环湖绿道、马拉松训练营……一起跑，跑得更远。每周六早上七点江滨公园集合。",
    avatar: "avatar-06.png",
    cover: `${coverName(4)}.jpg`,
    members: 12876,
  },
  {
    id: CIRCLE.food,
    name: "老街吃货团",
    description: "老街小吃、夜市新摊、街坊私房菜，吃到好的就来分享，踩雷了也说一声。",
    avatar: "avatar-05.png",
    cover: `${coverName(8)}.jpg`,
    members: 34521,
  },
];

const TOPIC = { marathon: 1, nightMarket: 2, newbie: 3, gear: 4 } as const;
const TOPICS = [
  { id: TOPIC.marathon, name: "备战临江马拉松", description: "离比赛还有多少天？晒出你的训练计划和配速。", cover: `${coverName(4)}.jpg` },
  { id: TOPIC.nightMarket, name: "夜市打卡", description: "老街夜市哪家最好吃？带上照片来打卡。", cover: `${coverName(8)}.jpg` },
  { id: TOPIC.newbie, name: "新人报到", description: "刚加入圈子？来这里介绍一下自己吧。", cover: "" },
  { id: TOPIC.gear, name: "跑步装备", description: "跑鞋、腰包、运动手表，好物和踩雷都来聊聊。", cover: "" },
];

type Picture = { url: string; thumb: string; width: number; height: number };
const cover = (n: number): Picture => ({ url: media(`${coverName(n)}.jpg`), thumb: media(`${coverName(n)}.webp`), width: 640, height: 360 });
const gallery = (n: number, width: number, height: number): Picture => {
  const name = `gallery-${String(n).padStart(2, "0")}`;
  return { url: media(`${name}.jpg`), thumb: media(`${name}-thumb.webp`), width, height };
};

type Reply = { user: number; text: string; to?: number; minutesAfter: number; likes?: number };
type PostSeed = {
  id: number;
  circle: number;
  user: number;
  text: string;
  hoursAgo: number;
  views: number;
  likes: number;
  ip: string;
  pictures?: Picture[];
  video?: boolean;
  topics?: number[];
  replies?: Reply[];
};

const RUNNING_REPLIES: Reply[] = [
  { user: USER.sunny, text: "配速好稳！请问是怎么练的？", minutesAfter: 5, likes: 12 },
  { user: USER.runner, text: "每周两次间歇跑，一次长距离，坚持三个月就有感觉了。", to: USER.sunny, minutesAfter: 9, likes: 30 },
  { user: USER.deer, text: "江滨步道早上人少，空气也好。", minutesAfter: 15 },
  { user: USER.commuter, text: "下周六我也去，带上我！", minutesAfter: 22, likes: 3 },
  { user: USER.teacher, text: "年轻人真有活力，我每天走一万步。", minutesAfter: 40, likes: 8 },
  { user: USER.student, text: "求一份半马训练计划。", minutesAfter: 55 },
  { user: USER.runner, text: "置顶帖里有，去翻一下～", to: USER.student, minutesAfter: 61, likes: 2 },
  { user: USER.zhang, text: "注意膝盖，跑前热身跑后拉伸。", minutesAfter: 90, likes: 15 },
  { user: USER.cat, text: "看着就累，我还是在家吸猫吧。", minutesAfter: 120, likes: 21 },
  { user: USER.foodie, text: "跑完去老街吃早饭，豆浆油条安排上。", minutesAfter: 150, likes: 9 },
  { user: USER.river, text: "冲刺阶段一定要补水补盐。", minutesAfter: 200, likes: 4 },
  { user: USER.sunny, text: "今天跟着跑了十公里，第一次破一小时！", minutesAfter: 260, likes: 17 },
];

/** Circle post ids 1–20: twelve in the running circle (two pages of ten), eight in the food circle. */
const POSTS: PostSeed[] = [
  {
    id: 1,
    circle: CIRCLE.running,
    user: USER.runner,
    text: "周六晨跑打卡：江滨公园到江心洲大桥来回 21 公里，平均配速 5 分 30 秒。马拉松还有三周，状态正在慢慢回来。",
    hoursAgo: 5,
    views: 5432,
    likes: 321,
    ip: "临江",
    pictures: [cover(4), cover(10), cover(16)],
    topics: [TOPIC.marathon],
    replies: RUNNING_REPLIES,
  },
  {
    id: 2,
    circle: CIRCLE.running,
    user: USER.sunny,
    text: "第一次参加跑团的周六活动，大家都好友善，领跑的大哥一直在旁边提醒呼吸节奏。新人报到！",
    hoursAgo: 6,
    views: 1234,
    likes: 88,
    ip: "临江",
    pictures: [cover(16)],
    topics: [TOPIC.newbie],
    replies: [{ user: USER.runner, text: "欢迎欢迎！下周见～", minutesAfter: 12, likes: 5 }],
  },
  {
    id: 3,
    circle: CIRCLE.running,
    user: USER.deer,
    text: "夜跑的时候拍到的江景，跑步最大的奖励就是这些风景吧。",
    hoursAgo: 10,
    views: 2345,
    likes: 256,
    ip: "临江",
    video: true,
  },
  {
    id: 4,
    circle: CIRCLE.running,
    user: USER.commuter,
    text: "上班族怎么挤出时间跑步？我的办法是提前一站下地铁，跑回家。一周下来也有二十多公里。",
    hoursAgo: 20,
    views: 3456,
    likes: 145,
    ip: "临江",
    topics: [TOPIC.marathon],
  },
  {
    id: 5,
    circle: CIRCLE.running,
    user: USER.zhang,
    text: "六十岁开始跑步，今年第三年了。血压稳了，睡眠也好了。年轻人别熬夜，出来动一动。",
    hoursAgo: 28,
    views: 8765,
    likes: 876,
    ip: "上海",
    pictures: [gallery(2, 960, 640)],
  },
  {
    id: 6,
    circle: CIRCLE.running,
    user: USER.runner,
    text: "马拉松赛前一周的饮食安排：前三天正常吃，后三天增加碳水，比赛当天早餐提前三小时吃完。",
    hoursAgo: 36,
    views: 6543,
    likes: 432,
    ip: "临江",
    topics: [TOPIC.marathon],
  },
  {
    id: 7,
    circle: CIRCLE.running,
    user: USER.student,
    text: "大学城环湖绿道一圈 6.8 公里，晚上九点以后人不多，路灯也亮，推荐给住在附近的跑友。",
    hoursAgo: 48,
    views: 2109,
    likes: 123,
    ip: "临江",
    pictures: [gallery(5, 800, 800), gallery(7, 640, 960)],
  },
  {
    id: 8,
    circle: CIRCLE.running,
    user: USER.teacher,
    text: "跑团组织的公益跑步捐了三百双跑鞋给山区学校，孩子们的笑脸比什么奖牌都珍贵。",
    hoursAgo: 60,
    views: 4321,
    likes: 654,
    ip: "临江",
    pictures: [cover(12)],
  },
  {
    id: 9,
    circle: CIRCLE.running,
    user: USER.river,
    text: "下雨天在家练什么？推荐平板支撑、靠墙静蹲和弹力带髋部训练，核心稳了跑姿才稳。",
    hoursAgo: 72,
    views: 1987,
    likes: 98,
    ip: "临江",
  },
  {
    id: 10,
    circle: CIRCLE.running,
    user: USER.cat,
    text: "被朋友拉来跑了五公里，腿已经不是自己的了。请问明天还能下楼吗？",
    hoursAgo: 84,
    views: 3210,
    likes: 210,
    ip: "临江",
    topics: [TOPIC.newbie],
  },
  {
    id: 11,
    circle: CIRCLE.running,
    user: USER.runner,
    text: "江心洲大桥人行道下周一至周三封闭维修，晨跑路线临时改到滨江北路，大家互相转告。",
    hoursAgo: 100,
    views: 5678,
    likes: 345,
    ip: "临江",
  },
  {
    id: 12,
    circle: CIRCLE.running,
    user: USER.sunny,
    text: "第一双跑鞋到了！店员说新手先选缓震好的，跑量上来再考虑竞速鞋。",
    hoursAgo: 130,
    views: 987,
    likes: 45,
    ip: "临江",
    pictures: [cover(2)],
  },
  {
    id: 13,
    circle: CIRCLE.food,
    user: USER.foodie,
    text: "老街夜市新开了一家糖画摊，老师傅画的龙栩栩如生，十块钱一个，排了二十分钟队，值！",
    hoursAgo: 2,
    views: 9876,
    likes: 987,
    ip: "临江",
    pictures: [cover(8), cover(9)],
    topics: [TOPIC.nightMarket],
    replies: [
      { user: USER.cat, text: "明天就去！几点出摊？", minutesAfter: 6, likes: 3 },
      { user: USER.foodie, text: "晚上六点半，九点多就卖完了。", to: USER.cat, minutesAfter: 10, likes: 6 },
      { user: USER.student, text: "小时候最爱转糖画的转盘，一次都没转到过龙。", minutesAfter: 30, likes: 20 },
    ],
  },
  {
    id: 14,
    circle: CIRCLE.food,
    user: USER.cat,
    text: "十字街口那家开了三十年的馄饨店，汤是猪骨熬的，皮薄得能看到馅。早上七点去不用排队。",
    hoursAgo: 8,
    views: 6543,
    likes: 543,
    ip: "临江",
    pictures: [cover(6)],
  },
  {
    id: 15,
    circle: CIRCLE.food,
    user: USER.deer,
    text: "夜市臭豆腐测评：东头那家外酥里嫩，西头那家酱汁更香。你们站哪家？",
    hoursAgo: 15,
    views: 7654,
    likes: 765,
    ip: "临江",
    video: true,
    topics: [TOPIC.nightMarket],
  },
  {
    id: 16,
    circle: CIRCLE.food,
    user: USER.zhang,
    text: "回临江第一件事：去老街吃一碗炒粉干。在上海想了一整年。",
    hoursAgo: 30,
    views: 4321,
    likes: 432,
    ip: "上海",
  },
  {
    id: 17,
    circle: CIRCLE.food,
    user: USER.commuter,
    // Hostile text: the site must show it as text and never run it.
    text: '<script>window.__hacked = 1</script><img src=x onerror="window.__hacked = 2">有人在帖子里贴代码，大家别点来路不明的链接。',
    hoursAgo: 40,
    views: 123,
    likes: 2,
    ip: "临江",
  },
  {
    id: 18,
    circle: CIRCLE.food,
    user: USER.teacher,
    text: "自己在家做的桂花糖藕，糯米要提前泡四小时，小火煮两个钟头，最后淋上桂花蜜。",
    hoursAgo: 55,
    views: 3456,
    likes: 321,
    ip: "临江",
    pictures: [gallery(8, 960, 640), gallery(6, 960, 640), gallery(4, 960, 640), gallery(1, 960, 640)],
  },
  {
    id: 19,
    circle: CIRCLE.food,
    user: USER.student,
    text: "大学城后街的烤冷面，加蛋加肠八块钱，学生党的深夜快乐。",
    hoursAgo: 75,
    views: 2345,
    likes: 210,
    ip: "临江",
    topics: [TOPIC.nightMarket],
  },
  {
    id: 20,
    circle: CIRCLE.food,
    user: USER.river,
    text: "踩雷提醒：江北新开的网红奶茶店，等了一个小时，味道很一般。",
    hoursAgo: 110,
    views: 5432,
    likes: 234,
    ip: "临江",
  },
];

/** The law questions: the first with eleven answers (two pages of ten, two by lawyers), the second still unanswered. */
const QUESTIONS = [
  {
    id: 1,
    user: USER.commuter,
    category: "劳动纠纷",
    title: "公司拖欠两个月工资不发，我该怎么办？",
    text: "我在临江一家装修公司做了一年设计，公司说资金紧张，已经两个月没发工资了。老板口头说下个月一起发，但没有任何书面承诺。我现在想离职，能要回工资吗？需要准备什么材料？",
    hoursAgo: 30,
    views: 6789,
    answers: [
      {
        user: LAWYER.he,
        text: "您好。用人单位未及时足额支付劳动报酬，劳动者可以依据《劳动合同法》第三十八条解除劳动合同，并要求支付拖欠的工资和经济补偿。建议先保存好劳动合同、工资流水、考勤记录和与老板的聊天记录，再向当地劳动保障监察大队投诉，或向劳动人事争议仲裁委员会申请仲裁，仲裁不收费。",
        hoursAfter: 1,
        likes: 256,
      },
      {
        user: LAWYER.song,
        text: "补充一点：被迫解除劳动合同时，请以书面形式（邮件或快递）向公司说明解除理由是“未及时足额支付劳动报酬”，并保留寄送凭证，这关系到能否拿到经济补偿。如经济困难，可以到法律援助中心申请免费帮助。",
        hoursAfter: 2,
        likes: 143,
      },
      { user: USER.runner, text: "我去年也遇到过，去劳动监察投诉后一周就发了。", hoursAfter: 3, likes: 45 },
      { user: USER.river, text: "一定要留证据，微信聊天记录截图不够，最好导出原始记录。", hoursAfter: 4, likes: 30 },
      { user: USER.zhang, text: "别拖，仲裁时效是一年。", hoursAfter: 5, likes: 28 },
      { user: USER.sunny, text: "楼上说得对，我朋友就是拖太久了。", hoursAfter: 6, likes: 3 },
      { user: USER.deer, text: "可以先打 12333 咨询一下。", hoursAfter: 7, likes: 19 },
      { user: USER.student, text: "收藏了，以后实习也用得上。", hoursAfter: 8, likes: 2 },
      { user: USER.teacher, text: "社保有没有交也要查一下，一起维权。", hoursAfter: 10, likes: 12 },
      { user: USER.cat, text: "加油，希望能顺利拿回工资。", hoursAfter: 12, likes: 5 },
      { user: USER.foodie, text: "公司要是跑路了怎么办？有没有律师说一下？", hoursAfter: 14, likes: 7 },
    ],
  },
  {
    id: 2,
    user: USER.cat,
    category: "邻里纠纷",
    title: "楼上装修每天早上七点就开始电钻，可以投诉吗？",
    text: "小区规定装修时间是早上八点到十二点，下午两点到六点。楼上每天七点就开工，跟他们沟通过也不听，物业说管不了。",
    hoursAgo: 1,
    views: 45,
    answers: [],
  },
];

/** Seed ids the platform's and the site's tests rely on; encode them with the id codec. */
export const COMMUNITY_FIXTURES = {
  /** The circle with twelve posts: two pages of ten. */
  circle: CIRCLE.running,
  circlePosts: POSTS.filter((p) => p.circle === CIRCLE.running).length,
  otherCircle: CIRCLE.food,
  /** A post with three pictures and twelve replies (two pages of ten). */
  post: 1,
  postReplies: RUNNING_REPLIES.length,
  /** A post whose only media is a short portrait video, without replies. */
  videoPost: 3,
  /** A post whose text carries markup that must stay inert. */
  hostilePost: 17,
  /** Topic of three posts; `emptyTopic` has none yet. */
  topic: TOPIC.nightMarket,
  topicName: "夜市打卡",
  topicPosts: POSTS.filter((p) => p.topics?.includes(TOPIC.nightMarket)).length,
  emptyTopic: TOPIC.gear,
  question: 1,
  questionAnswers: QUESTIONS[0].answers.length,
  lawyerAnswers: QUESTIONS[0].answers.filter((a) => LAWYERS.some((l) => l.id === a.user)).length,
  unansweredQuestion: 2,
} as const;

type Clock = { at: (ms: number) => string; hoursAgo: (hours: number) => number };

/** Inserts the community and law seed; called by seedDatabase inside its transaction, after the users exist. */
export function seedCommunity(db: Db, { at, hoursAgo }: Clock): void {
  const insertUser = db.prepare("INSERT INTO users (id, phone, alias, avatar, password_hash, created_at) VALUES (?, ?, ?, ?, NULL, ?)");
  const insertLawyer = db.prepare("INSERT INTO lawyers (user_id, title) VALUES (?, ?)");
  for (const l of LAWYERS) {
    insertUser.run(l.id, l.phone, l.alias, media(`avatar-${String(l.avatar).padStart(2, "0")}.png`), at(hoursAgo(24 * 300)));
    insertLawyer.run(l.id, l.title);
  }

  const insertCircle = db.prepare("INSERT INTO circles (id, name, description, avatar, cover, member_count) VALUES (?, ?, ?, ?, ?, ?)");
  for (const c of CIRCLES) insertCircle.run(c.id, c.name, c.description, media(c.avatar), media(c.cover), c.members);
  const insertTopic = db.prepare("INSERT INTO circle_topics (id, name, description, cover) VALUES (?, ?, ?, ?)");
  for (const t of TOPICS) insertTopic.run(t.id, t.name, t.description, t.cover ? media(t.cover) : "");

  const insertPost = db.prepare(
    `INSERT INTO circle_posts (id, circle_id, user_id, content, images, video, ip_location, view_count, like_count, publish_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const tag = db.prepare("INSERT INTO circle_post_topics (post_id, topic_id) VALUES (?, ?)");
  const insertReply = db.prepare(
    "INSERT INTO circle_replies (post_id, user_id, reply_to_user_id, content, ip_location, like_count, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const video = { url: media("clip-portrait.mp4"), poster: media("cover-portrait.jpg"), width: 360, height: 640, duration_sec: 3 };
  for (const p of POSTS) {
    const published = hoursAgo(p.hoursAgo);
    insertPost.run(
      p.id,
      p.circle,
      p.user,
      p.text,
      JSON.stringify(p.pictures ?? []),
      p.video ? JSON.stringify(video) : null,
      p.ip,
      p.views,
      p.likes,
      at(published),
    );
    for (const t of p.topics ?? []) tag.run(p.id, t);
    for (const r of p.replies ?? [])
      insertReply.run(p.id, r.user, r.to ?? null, r.text, "临江", r.likes ?? 0, at(published + r.minutesAfter * 60_000));
  }

  const insertQuestion = db.prepare(
    "INSERT INTO law_questions (id, user_id, category, title, content, view_count, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const insertAnswer = db.prepare("INSERT INTO law_answers (question_id, user_id, content, like_count, created_at) VALUES (?, ?, ?, ?, ?)");
  for (const q of QUESTIONS) {
    const asked = hoursAgo(q.hoursAgo);
    insertQuestion.run(q.id, q.user, q.category, q.title, q.text, q.views, at(asked));
    for (const a of q.answers) insertAnswer.run(q.id, a.user, a.text, a.likes, at(asked + a.hoursAfter * 3_600_000));
  }
}
