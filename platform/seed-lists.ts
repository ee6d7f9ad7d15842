import type { Db } from "./db";
import { TYPE_CARD_FIXTURES } from "./seed-content-types";

/**
 * Seed of the curated lists, the content models and the search hot words. Items name content by its database id
 * (seed.ts and seed-articles.ts); content that is offline or deleted may be listed, the platform leaves it out.
 */

/** Database ids that tests and the e2e suite rely on; encode them with the id codec. */
export const LIST_FIXTURES = {
  /** 12 listed items, one of them offline: 11 shown, two pages of 10. */
  cityRenewal: 1,
  weekend: 2,
  audio: 3,
  /** A titled list without items yet. */
  empty: 4,
  /** Cards of types without a page of their own whose target is missing or refused: every one is shown. */
  untargeted: 5,
  /** Content model with three groups (tabs). */
  livelihood: 1,
  livelihoodTransport: 1,
  livelihoodHousing: 2,
  livelihoodServices: 3,
  culture: 2,
} as const;

const LISTS = [
  {
    id: LIST_FIXTURES.cityRenewal,
    title: "城市更新观察",
    description: "新线路、新电梯、新夜市：记录一座老城的焕新。",
    items: [1, 2, 10, 47, 13, 8, 14, 17, 3, 45, 12, 16],
  },
  {
    id: LIST_FIXTURES.weekend,
    title: "周末去哪儿",
    description: "博物馆夜场、老街夜市、江心洲湿地……这个周末这样过。",
    items: [8, 4, 17, 11, 30, 33, 31, 46],
  },
  {
    id: LIST_FIXTURES.audio,
    title: "听见临江",
    description: "早间新闻、城市声音和睡前故事，随时随地听。",
    items: [32, 43, 38, 39, 40, 41, 42],
  },
  { id: LIST_FIXTURES.empty, title: "临江年度人物", description: "评选进行中，敬请期待。", items: [] },
  {
    id: LIST_FIXTURES.untargeted,
    title: "话题与直播",
    description: "话题、专题和直播，更多精彩在APP。",
    items: [
      TYPE_CARD_FIXTURES.untargetedTopic,
      TYPE_CARD_FIXTURES.untargetedSpTopic,
      TYPE_CARD_FIXTURES.untargetedLive,
      TYPE_CARD_FIXTURES.hostileH5,
    ],
  },
];

const CONTENT_MODELS = [
  {
    id: LIST_FIXTURES.livelihood,
    title: "临江民生",
    description: "出行、住房、办事，和你有关的都在这里。",
    groups: [
      { id: LIST_FIXTURES.livelihoodTransport, name: "交通出行", items: [1, 10, 13] },
      { id: LIST_FIXTURES.livelihoodHousing, name: "住房社区", items: [2, 16, 14, 15] },
      { id: LIST_FIXTURES.livelihoodServices, name: "公共服务", items: [3, 9, 44, 45, 6] },
    ],
  },
  {
    id: LIST_FIXTURES.culture,
    title: "临江文旅",
    description: "看展、逛夜市、听非遗故事。",
    groups: [
      { id: 4, name: "看展", items: [4, 17] },
      { id: 5, name: "夜生活", items: [8, 31] },
      { id: 6, name: "非遗", items: [34, 35, 36, 37] },
    ],
  },
];

/** Words people search for, each matching seeded titles or summaries. */
const HOT_WORDS: { word: string; heat: number; label?: "热" | "新" }[] = [
  { word: "地铁5号线", heat: 985_432, label: "热" },
  { word: "马拉松", heat: 876_543, label: "热" },
  { word: "暴雨预警", heat: 654_321, label: "新" },
  { word: "老街夜市", heat: 543_210 },
  { word: "加装电梯", heat: 432_109 },
  { word: "江心洲", heat: 321_098 },
  { word: "博物馆夜场", heat: 210_987 },
  { word: "非遗", heat: 198_765 },
  { word: "流感疫苗", heat: 98_765, label: "新" },
  { word: "睡前故事", heat: 87_654 },
];

export function seedListsAndSearch(db: Db): void {
  const insertList = db.prepare("INSERT INTO content_lists (id, title, description) VALUES (?, ?, ?)");
  const insertListItem = db.prepare("INSERT INTO content_list_items (list_id, content_id, sort) VALUES (?, ?, ?)");
  for (const list of LISTS) {
    insertList.run(list.id, list.title, list.description);
    list.items.forEach((contentId, index) => insertListItem.run(list.id, contentId, index + 1));
  }

  const insertModel = db.prepare("INSERT INTO content_models (id, title, description) VALUES (?, ?, ?)");
  const insertGroup = db.prepare("INSERT INTO content_model_groups (id, model_id, name, sort) VALUES (?, ?, ?, ?)");
  const insertModelItem = db.prepare("INSERT INTO content_model_items (group_id, content_id, sort) VALUES (?, ?, ?)");
  for (const model of CONTENT_MODELS) {
    insertModel.run(model.id, model.title, model.description);
    model.groups.forEach((group, index) => {
      insertGroup.run(group.id, model.id, group.name, index + 1);
      group.items.forEach((contentId, sort) => insertModelItem.run(group.id, contentId, sort + 1));
    });
  }

  const insertWord = db.prepare("INSERT INTO hot_words (word, heat, label, sort) VALUES (?, ?, ?, ?)");
  HOT_WORDS.forEach((w, index) => insertWord.run(w.word, w.heat, w.label ?? "", index + 1));
}
