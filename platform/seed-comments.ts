import { USER } from "./seed-users";

type SeedText = { user: number; text: string; ip: string; stars: number; minutesAfter: number };
/** `to` is the user being answered. */
export type SeedReply = SeedText & { to: number };
export type SeedComment = SeedText & { replies?: SeedReply[] };
/** Comments on one content; `minutesAfter` counts from the content's publish time. */
export type SeedThread = { contentId: number; comments: SeedComment[] };

const METRO_COMMENTS: [number, string, string, number][] = [
  [USER.river, "终于通车了！江北到高新区再也不用挤公交了。", "浙江", 326],
  [USER.commuter, "早上七点半在北站试了一下，人不算多，车厢很干净。", "浙江", 88],
  [USER.cat, "会展中心站的出口好远，走了快十分钟才到地面。", "江苏", 154],
  [USER.sunny, "希望周末也能把末班车延长到十一点半。", "浙江", 47],
  [USER.zhang, "人民广场同台换乘这个设计太贴心了，点赞。", "浙江", 63],
  [USER.teacher, "第一人民医院新院区终于有地铁直达了，带老人看病方便多了。", "浙江", 201],
  [USER.student, "请问学生卡在5号线可以直接刷吗？", "上海", 12],
  [USER.foodie, "票价和其他线路一样，还算合理。", "浙江", 5],
  [USER.runner, "坐了一趟全程，52分钟，比开车还快。", "浙江", 39],
  [USER.deer, "车站里的导向标识很清楚，第一次来也不会走错。", "广东", 8],
  [USER.commuter, "高新区软件园站早高峰估计会很挤，希望能加密班次。", "浙江", 97],
  [USER.zhang, "五年了，家门口的围挡终于拆了。", "浙江", 142],
  [USER.river, "北站那条地下通道还没全部开放，拖着行李有点费劲。", "浙江", 21],
  [USER.sunny, "有没有人知道滨江公园站什么时候开B出口？", "浙江", 3],
  [USER.cat, "列车很安静，比老线路舒服不少。", "江苏", 16],
  [USER.deer, "建议在站内多设几个母婴室。", "广东", 58],
  [USER.teacher, "今天带孙子专门去坐了一趟，小家伙高兴坏了。", "浙江", 74],
  [USER.foodie, "江北的房价是不是又要涨了😂", "浙江", 233],
  [USER.commuter, "接驳公交什么时候调整？从小区到车站还有两公里。", "浙江", 45],
  [USER.student, "扫码进站很快，不用排队买票。", "上海", 2],
  [USER.runner, "感谢所有建设者，辛苦了！", "浙江", 512],
  [USER.deer, "车厢里居然有充电口，太实用了。", "广东", 9],
  [USER.zhang, "6号线什么时候开工？我们城东也等着呢。", "浙江", 167],
  [USER.river, "会展中心办展的时候，估计这条线会成为主力。", "浙江", 14],
  [USER.sunny, "早上的站务员很热情，主动帮老人刷卡进站。", "浙江", 31],
  [USER.cat, "空调温度有点低，记得带件外套。", "江苏", 6],
  [USER.student, "从大学城到市中心终于不用倒车了，周末出去玩方便多了。", "上海", 27],
  [USER.commuter, "刚坐过，晚上八点的车也不少人，说明需求真的大。", "浙江", 4],
];

/** The metro article: 28 level-1 comments, so the list needs three pages of 10. */
const metroComments: SeedComment[] = METRO_COMMENTS.map(([user, text, ip, stars], index) => ({
  user,
  text,
  ip,
  stars,
  minutesAfter: (index + 1) * 4,
}));
metroComments[2].replies = [
  {
    user: USER.official,
    to: USER.cat,
    text: "您好，会展中心站C出口预计下月开通，届时到达展馆步行约三分钟。",
    ip: "浙江",
    stars: 88,
    minutesAfter: 30,
  },
  { user: USER.runner, to: USER.official, text: "那就好，办展的时候可方便多了。", ip: "浙江", stars: 4, minutesAfter: 41 },
  { user: USER.deer, to: USER.cat, text: "同感，今天走得腿都酸了。", ip: "广东", stars: 2, minutesAfter: 55 },
];
metroComments[6].replies = [{ user: USER.river, to: USER.student, text: "可以的，我刚刷过，还是半价。", ip: "浙江", stars: 6, minutesAfter: 35 }];
metroComments[27].replies = [
  { user: USER.zhang, to: USER.commuter, text: "晚高峰还会更挤，建议错开六点那一波。", ip: "浙江", stars: 1, minutesAfter: 113 },
  { user: USER.commuter, to: USER.zhang, text: "好的，下次早点走。", ip: "浙江", stars: 0, minutesAfter: 115 },
  { user: USER.sunny, to: USER.commuter, text: "我也是八点左右坐的，确实不少人。", ip: "浙江", stars: 0, minutesAfter: 117 },
];

/**
 * The elevator article. Its first thread (seeded first, so its comment id is 1) has six replies, some answering
 * replies, so "expand N replies" has something to expand.
 */
const elevatorComments: SeedComment[] = [
  {
    user: USER.teacher,
    text: "我们小区去年装了电梯，八楼的老人终于能下楼晒太阳了。关键是一楼住户的意见要充分听取。",
    ip: "浙江",
    stars: 356,
    minutesAfter: 60,
    replies: [
      { user: USER.zhang, to: USER.teacher, text: "一楼的补偿怎么算？我们楼就卡在这里。", ip: "浙江", stars: 23, minutesAfter: 120 },
      {
        user: USER.teacher,
        to: USER.zhang,
        text: "我们是按楼层分摊的，一楼不出钱，每户再给一楼两千块补偿，大家商量着来。",
        ip: "浙江",
        stars: 61,
        minutesAfter: 200,
      },
      { user: USER.commuter, to: USER.teacher, text: "社区有没有帮忙协调？我们自己谈了两年都没谈拢。", ip: "浙江", stars: 9, minutesAfter: 300 },
      {
        user: USER.official,
        to: USER.commuter,
        text: "您好，可拨打12345或联系所在社区，街道有专人负责加装电梯的协商和审批指导。",
        ip: "浙江",
        stars: 45,
        minutesAfter: 420,
      },
      { user: USER.deer, to: USER.teacher, text: "羡慕，我外婆住六楼，每次买菜上楼都要歇三回。", ip: "广东", stars: 7, minutesAfter: 600 },
      { user: USER.zhang, to: USER.official, text: "好的，明天就去社区问问。", ip: "浙江", stars: 2, minutesAfter: 900 },
    ],
  },
  { user: USER.sunny, text: "希望流程能再简化一点，我们光审批就等了半年。", ip: "浙江", stars: 18, minutesAfter: 400 },
  {
    user: USER.river,
    text: "加装电梯是真正的民生工程，点赞。",
    ip: "浙江",
    stars: 40,
    minutesAfter: 700,
    replies: [{ user: USER.zhang, to: USER.river, text: "同意，我们小区明年也要装。", ip: "浙江", stars: 3, minutesAfter: 800 }],
  },
];

export const REPLIED_COMMENT_ID = 1;
export const MANY_COMMENTS_TOP_LEVEL = METRO_COMMENTS.length;

export const THREADS: SeedThread[] = [
  { contentId: 2, comments: elevatorComments },
  { contentId: 1, comments: metroComments },
  {
    contentId: 3,
    comments: [
      { user: USER.student, text: "半夜问了一下公积金提取，回答得挺准确的。", ip: "上海", stars: 15, minutesAfter: 90 },
      {
        user: USER.zhang,
        text: "还是希望保留人工客服，有些事机器说不清楚。",
        ip: "浙江",
        stars: 36,
        minutesAfter: 240,
        replies: [
          { user: USER.official, to: USER.zhang, text: "您好，人工坐席仍然24小时在岗，说“转人工”即可。", ip: "浙江", stars: 12, minutesAfter: 300 },
        ],
      },
    ],
  },
  {
    contentId: 6,
    comments: [
      {
        user: USER.commuter,
        text: "明天还要上班，地铁应该不受影响吧？",
        ip: "浙江",
        stars: 5,
        minutesAfter: 5,
        replies: [{ user: USER.river, to: USER.commuter, text: "地铁一般没问题，出站以后注意积水。", ip: "浙江", stars: 1, minutesAfter: 9 }],
      },
      { user: USER.sunny, text: "刚下班，外面已经开始刮风了，大家注意安全。", ip: "浙江", stars: 3, minutesAfter: 12 },
      { user: USER.cat, text: "阳台上的花赶紧搬进来了。", ip: "江苏", stars: 0, minutesAfter: 20 },
    ],
  },
  {
    contentId: 8,
    comments: [
      {
        user: USER.foodie,
        text: "周六去了，臭豆腐和糖水铺必须打卡！",
        ip: "浙江",
        stars: 128,
        minutesAfter: 180,
        replies: [
          { user: USER.deer, to: USER.foodie, text: "糖水铺在哪个位置？", ip: "广东", stars: 0, minutesAfter: 200 },
          { user: USER.foodie, to: USER.deer, text: "进牌坊往里走，第二个路口右手边。", ip: "浙江", stars: 11, minutesAfter: 210 },
        ],
      },
      { user: USER.river, text: "人太多了，建议工作日晚上去。", ip: "浙江", stars: 22, minutesAfter: 600 },
    ],
  },
  {
    contentId: 13,
    comments: [
      { user: USER.commuter, text: "36路改线以后我们小区门口就没有车站了。", ip: "浙江", stars: 19, minutesAfter: 30 },
      { user: USER.zhang, text: "希望能保留早晚高峰的班次。", ip: "浙江", stars: 8, minutesAfter: 60 },
    ],
  },
  {
    contentId: 16,
    comments: [
      { user: USER.cat, text: "写得好！我在评论里输入<b>加粗</b>试试，显示的应该是原样文字。", ip: "江苏", stars: 4, minutesAfter: 120 },
      { user: USER.teacher, text: "错峰共享车位的建议很实际，希望物业能采纳。", ip: "浙江", stars: 16, minutesAfter: 300 },
    ],
  },
  {
    contentId: 18,
    comments: [
      { user: USER.runner, text: "我儿子的球队拿了第三名，孩子们都很努力！", ip: "浙江", stars: 57, minutesAfter: 200 },
      { user: USER.student, text: "青训就是要多比赛，支持！", ip: "上海", stars: 9, minutesAfter: 400 },
    ],
  },
  {
    contentId: 30,
    comments: [
      { user: USER.deer, text: "画面好美，原来江心洲的清晨是这样的。", ip: "广东", stars: 33, minutesAfter: 60 },
      { user: USER.river, text: "求拍摄地点，周末也想去看看日出。", ip: "浙江", stars: 5, minutesAfter: 150 },
    ],
  },
];
