import { MEDIA_PLACEHOLDER } from "./media";

export const DEMO_PHONE = "13800138000";

/** User ids of the seed. */
export const USER = {
  demo: 1,
  river: 2,
  zhang: 3,
  deer: 4,
  foodie: 5,
  runner: 6,
  sunny: 7,
  cat: 8,
  teacher: 9,
  commuter: 10,
  official: 11,
  student: 12,
} as const;

export type SeedUser = { id: number; phone: string; alias: string; avatar: string; officialAccount?: number };

function avatar(n: number): string {
  return `${MEDIA_PLACEHOLDER}/avatar-${String(n).padStart(2, "0")}.png`;
}

/** The demo account has a password; the commenters can only log in with a code. */
export const USERS: SeedUser[] = [
  { id: USER.demo, phone: DEMO_PHONE, alias: "演示用户", avatar: avatar(1) },
  { id: USER.river, phone: "13900000002", alias: "江边的风", avatar: avatar(2) },
  { id: USER.zhang, phone: "13900000003", alias: "老张头", avatar: avatar(3) },
  { id: USER.deer, phone: "13900000004", alias: "小鹿乱撞", avatar: avatar(4) },
  { id: USER.foodie, phone: "13900000005", alias: "临江吃货", avatar: avatar(5) },
  { id: USER.runner, phone: "13900000006", alias: "跑者阿明", avatar: avatar(6) },
  { id: USER.sunny, phone: "13900000007", alias: "晴天", avatar: avatar(7) },
  { id: USER.cat, phone: "13900000008", alias: "一只猫", avatar: avatar(8) },
  { id: USER.teacher, phone: "13900000009", alias: "退休教师王老师", avatar: avatar(9) },
  { id: USER.commuter, phone: "13900000010", alias: "滨江上班族", avatar: avatar(10) },
  { id: USER.official, phone: "13900000011", alias: "临江发布", avatar: avatar(11), officialAccount: 1 },
  { id: USER.student, phone: "13900000012", alias: "大学生小林", avatar: avatar(12) },
];
