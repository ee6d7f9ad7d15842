import type { Db } from "./db";
import { media } from "./media";
import { coverName } from "./seed-articles";
import { USER } from "./seed-users";

/** Seed of the invite, activity and fly-card pages: two invitation codes, one activity in each state, three decks. */

/** Records that tests and the e2e suite rely on; ids are database ids (encode them with the id codec). */
export const PAGES_FIXTURES = {
  /** Valid for another 30 days; twelve people joined by it (two pages of 10). */
  inviteCode: "JB7Q2K",
  inviteCodeInviter: "江边的风",
  inviteCodeJoined: 12,
  /** Expired 3 days ago. */
  expiredInviteCode: "XR3M9P",
  /** Running: started 2 days ago, ends in 5 days. */
  runningActivity: 1,
  /** Starts in 3 days. */
  upcomingActivity: 2,
  /** Ended 10 days ago; its rules carry hostile markup the site must neutralise. */
  endedActivity: 3,
  /** Eight cards, one of them on offline content the platform leaves out: seven shown. */
  deck: 1,
  deckCards: 7,
  /** Six cards. */
  weekendDeck: 2,
  /** A deck without cards yet. */
  emptyDeck: 3,
} as const;

const DAY_HOURS = 24;

type Times = { at: (ms: number) => string; hoursAgo: (hours: number) => number };

const INVITES = [
  {
    code: PAGES_FIXTURES.inviteCode,
    inviter: USER.river,
    reward: "新人礼包：7天会员 + 50积分",
    description: "通过好友邀请下载并登录大目新闻APP，即可领取7天会员和50积分，积分可兑换临江公交乘车券。",
    createdHoursAgo: 10 * DAY_HOURS,
    expiresInHours: 30 * DAY_HOURS,
    invitees: [
      { user: USER.deer, hoursAgo: 9 * DAY_HOURS },
      { user: USER.foodie, hoursAgo: 6 * DAY_HOURS },
      { user: USER.runner, hoursAgo: 50 },
      { user: USER.student, hoursAgo: 3 },
      { user: USER.sunny, hoursAgo: 8 * DAY_HOURS },
      { user: USER.cat, hoursAgo: 7 * DAY_HOURS },
      { user: USER.commuter, hoursAgo: 5 * DAY_HOURS },
      // Reporters of the tip-off area (seed-dejin.ts), seeded before this.
      ...[101, 102, 103, 104, 105].map((user, i) => ({ user, hoursAgo: 4 * DAY_HOURS - i * 12 })),
    ],
  },
  {
    code: PAGES_FIXTURES.expiredInviteCode,
    inviter: USER.zhang,
    reward: "新人礼包：3天会员",
    description: "通过好友邀请下载并登录大目新闻APP，即可领取3天会员。",
    createdHoursAgo: 40 * DAY_HOURS,
    expiresInHours: -3 * DAY_HOURS,
    invitees: [{ user: USER.teacher, hoursAgo: 35 * DAY_HOURS }],
  },
];

const ACTIVITIES = [
  {
    id: PAGES_FIXTURES.runningActivity,
    title: "2026临江马拉松“云跑”打卡",
    summary: "不去现场也能跑：七天内累计跑满21公里，解锁电子完赛奖牌。",
    cover: 4,
    location: "线上，不限地点",
    startHoursAgo: 2 * DAY_HOURS,
    endsInHours: 5 * DAY_HOURS,
    participants: 12846,
    rules:
      "<h3>参与方式</h3><ol><li>在大目新闻APP“活动”频道报名“云跑”；</li><li>活动期间用任意跑步软件记录里程，截图上传；</li><li>累计满21.0975公里即完赛。</li></ol>" +
      "<h3>奖励</h3><p>完赛即得<strong>电子完赛奖牌</strong>，前1000名完赛者另得实体纪念徽章一枚（包邮）。</p>" +
      "<p>活动最终解释权归大目新闻所有。</p>",
  },
  {
    id: PAGES_FIXTURES.upcomingActivity,
    title: "老街夜市美食节·集章赢好礼",
    summary: "逛夜市、吃小吃、集印章，集满8枚换临江老字号礼盒。",
    cover: 8,
    location: "老城区老街夜市",
    startHoursAgo: -3 * DAY_HOURS,
    endsInHours: 10 * DAY_HOURS,
    participants: 0,
    rules:
      "<h3>活动时间</h3><p>每天18:00—23:00。</p><h3>玩法</h3><ul><li>在APP领取电子集章卡；</li><li>在参与活动的摊位消费后扫码盖章；</li><li>集满8枚，到夜市服务台兑换礼盒，每人限1份。</li></ul>" +
      '<p><img src="' +
      media(`${coverName(8)}.jpg`) +
      '" alt="老街夜市" width="640" height="360"></p>',
  },
  {
    id: PAGES_FIXTURES.endedActivity,
    title: "江心洲湿地摄影大赛",
    summary: "用镜头记录湿地的四季，优秀作品将在市民广场展出。",
    cover: 11,
    location: "江心洲湿地公园",
    startHoursAgo: 40 * DAY_HOURS,
    endsInHours: -10 * DAY_HOURS,
    participants: 2318,
    rules:
      "<h3>征稿要求</h3><p>作品须拍摄于江心洲湿地公园，每人限投3幅。</p>" +
      "<h3>评选结果</h3><p>获奖名单已于活动结束后公布，感谢大家参与！</p>" +
      // Hostile markup as a careless CMS might pass it through: the site must never run it.
      '<p><img src="x" onerror="alert(\'activity\')" alt="">作品展览</p><script>alert("activity")</script>' +
      '<p><a href="javascript:alert(1)">查看获奖作品</a></p>',
  },
];

type Deck = { id: number; title: string; description: string; cover: number; cards: { content: number; headline: string; blurb: string }[] };

const DECKS: Deck[] = [
  {
    id: PAGES_FIXTURES.deck,
    title: "一分钟看懂临江",
    description: "一张卡片一件事，划一划就知道这座城最近发生了什么。",
    cover: 1,
    cards: [
      { content: 1, headline: "地铁5号线开通", blurb: "江北到高新区最快40分钟，早高峰少换乘两次。" },
      { content: 30, headline: "江心洲的清晨", blurb: "航拍太阳升起前的二十分钟。" },
      { content: 33, headline: "湿地的春天", blurb: "六张照片，看湿地从晨雾到日落。" },
      { content: 8, headline: "老街夜市回来了", blurb: "首周客流超过二十万人次。" },
      { content: 14, headline: "小区临时停水", blurb: "这条通知已经撤下。" },
      { content: 47, headline: "城市更新进行时", blurb: "新线路、新电梯、新夜市。" },
      { content: 31, headline: "早市里的烟火气", blurb: "凌晨四点，城市最早醒来的地方。" },
      { content: 32, headline: "一分钟听新闻", blurb: "今天的临江要闻速览。" },
    ],
  },
  {
    id: PAGES_FIXTURES.weekendDeck,
    title: "周末好去处",
    description: "博物馆夜场、深夜书房、江边轮渡：这个周末这样过。",
    cover: 4,
    cards: [
      { content: 4, headline: "博物馆夜场", blurb: "青铜器特展首次亮相，开放到晚上九点。" },
      { content: 17, headline: "深夜书房", blurb: "市图书馆24小时不打烊。" },
      { content: 11, headline: "去湿地看白鹤", blurb: "今年白鹤数量创新高。" },
      { content: 48, headline: "夜市排队攻略", blurb: "开张第一晚，排队的人绕了三圈。" },
      { content: 49, headline: "坐一趟末班轮渡", blurb: "江上十分钟，看两岸灯火。" },
      { content: 34, headline: "看非遗纪录片", blurb: "竹编、剪纸和糖画三门老手艺。" },
    ],
  },
  { id: PAGES_FIXTURES.emptyDeck, title: "临江年度人物", description: "评选进行中，卡片即将上线。", cover: 9, cards: [] },
];

export function seedPages(db: Db, { at, hoursAgo }: Times): void {
  const insertCode = db.prepare(
    "INSERT INTO invite_codes (code, inviter_id, reward_title, reward_description, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const insertRecord = db.prepare("INSERT INTO invite_records (code, invitee_id, joined_at) VALUES (?, ?, ?)");
  for (const invite of INVITES) {
    insertCode.run(
      invite.code,
      invite.inviter,
      invite.reward,
      invite.description,
      at(hoursAgo(invite.createdHoursAgo)),
      at(hoursAgo(-invite.expiresInHours)),
    );
    for (const invitee of invite.invitees) insertRecord.run(invite.code, invitee.user, at(hoursAgo(invitee.hoursAgo)));
  }

  const insertActivity = db.prepare(
    `INSERT INTO activities (id, title, summary, cover, rules, location, start_at, end_at, participant_count)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const a of ACTIVITIES) {
    insertActivity.run(
      a.id,
      a.title,
      a.summary,
      media(`${coverName(a.cover)}.jpg`),
      a.rules,
      a.location,
      at(hoursAgo(a.startHoursAgo)),
      at(hoursAgo(-a.endsInHours)),
      a.participants,
    );
  }

  const insertDeck = db.prepare("INSERT INTO fly_card_decks (id, title, description, cover) VALUES (?, ?, ?, ?)");
  const insertCard = db.prepare("INSERT INTO fly_cards (deck_id, content_id, sort, headline, blurb) VALUES (?, ?, ?, ?, ?)");
  for (const deck of DECKS) {
    insertDeck.run(deck.id, deck.title, deck.description, media(`${coverName(deck.cover)}.jpg`));
    deck.cards.forEach((card, index) => insertCard.run(deck.id, card.content, index + 1, card.headline, card.blurb));
  }
}
