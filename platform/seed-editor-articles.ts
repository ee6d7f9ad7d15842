import { newsroomItem } from "./content-seed";
import { HOTLINK_PATH } from "./hotlink-pictures";
import { MEDIA_PLACEHOLDER } from "./media";
import { GROUP, coverName } from "./seed-articles";

// Articles as newsroom editors make them: pasted from the WeChat MP editor or a template editor (135编辑器, 秀米),
// nested <section>s with inline styles, lazy pictures (data-src, data-ratio, data-w) on a hotlink-protected picture
// host (hotlink-pictures.ts), template attributes, and the styles a site must not keep (fixed overlays, url() frames,
// negative margins, clipped heights). Written for this demo.

/** Database ids of the editor articles (all in the 文化 group). */
export const EDITOR_FIXTURES = {
  /** 135编辑器 template: 导读 box, numbered coloured headings, a quote, a table, captions, a 来源 line. */
  template135: 740,
  /** 秀米 layout: tilted title card, two columns, sup/sub, hr, an SVG effect. */
  xiumi: 741,
  /** Plain MP-editor article: indented paragraphs, span runs, blank lines, pictures with captions. */
  mpEditor: 742,
  /** A photo essay of 120 pictures. */
  longPhotoEssay: 743,
  /** Pictures in the long essay. */
  longPhotoEssayPictures: 120,
} as const;

/** The demo pictures and their height ÷ width (platform/media). */
const PICTURES: { name: string; ratio: number; width: number }[] = [
  ...[1, 2, 4, 5, 6, 8].map((n) => ({ name: `gallery-0${n}`, ratio: n === 5 ? 1 : 0.6667, width: n === 5 ? 800 : 960 })),
  { name: "gallery-03", ratio: 1.5, width: 640 },
  { name: "gallery-07", ratio: 1.5, width: 640 },
  ...[3, 7, 9, 11, 14, 16].map((n) => ({ name: coverName(n), ratio: 0.5625, width: 640 })),
];

/** A picture as the MP editor writes it: no src, its address and size in data- attributes. */
function picture(index: number, style = "width: 100%; height: auto; display: block; box-sizing: border-box;"): string {
  const { name, ratio, width } = PICTURES[index % PICTURES.length];
  const src = `${MEDIA_PLACEHOLDER}${HOTLINK_PATH}/mmbiz_jpg/${name}/640?wx_fmt=jpeg&amp;tp=webp&amp;n=${index}`;
  return `<img class="rich_pages wxw-img" data-src="${src}" data-ratio="${ratio}" data-w="${width}" data-type="jpeg" style="${style}">`;
}

const caption = (text: string) =>
  `<p style="text-align: center; font-size: 13px; color: rgb(136, 136, 136); letter-spacing: 0.5px; line-height: 1.6; margin: 6px 0 16px;"><span style="font-size: 13px; color: rgb(136, 136, 136);">${text}</span></p>`;

const paragraph = (text: string) =>
  `<p style="text-indent: 2em; line-height: 1.75em; letter-spacing: 1px; margin-bottom: 16px;"><span style="font-size: 15px; color: rgb(62, 62, 62);">${text}</span></p>`;

/** A numbered heading of a 135编辑器 template: a coloured badge and a line under the title. */
const numberedHeading = (
  n: number,
  title: string,
) => `<section data-tools="135编辑器" data-id="${86000 + n}" class="_135editor" style="margin: 24px 0 12px; box-sizing: border-box;">
<section style="display: flex; align-items: center; border-bottom: 1px solid rgb(255, 74, 38); padding-bottom: 6px; box-sizing: border-box;">
<section style="display: inline-block; background-color: rgb(255, 74, 38); color: rgb(255, 255, 255); font-size: 16px; font-weight: bold; padding: 2px 10px; border-radius: 4px 4px 0 4px; box-sizing: border-box;">0${n}</section>
<section style="display: inline-block; margin-left: 10px; font-size: 17px; font-weight: bold; color: rgb(255, 74, 38); letter-spacing: 1px;"><strong>${title}</strong></section>
</section>
</section>`;

const TEMPLATE_135 = `<section data-role="outer" label="edit by 135editor" style="box-sizing: border-box;">
<section data-tools="135编辑器" data-id="85011" class="_135editor" style="margin: 10px 0 20px; box-sizing: border-box;">
<section style="background-color: rgb(254, 244, 232); border-left: 4px solid rgb(255, 74, 38); padding: 12px 14px; border-radius: 0 6px 6px 0; box-sizing: border-box; background-image: url(${MEDIA_PLACEHOLDER}${HOTLINK_PATH}/mmbiz_png/frame-corner/0?wx_fmt=png);">
<p style="font-size: 15px; font-weight: bold; color: rgb(255, 74, 38); letter-spacing: 2px; margin-bottom: 6px;">导读</p>
<p style="font-size: 14px; line-height: 1.75em; color: rgb(89, 89, 89); letter-spacing: 0.5px; text-align: justify;">老街夜市改造后重新开张，首周客流超过二十万人次。夜市怎么管、摊位怎么排、烟火气和整洁能不能兼得？记者连续三晚蹲守，带你看改造背后的细节。</p>
</section>
</section>
${picture(0)}
${caption("▲改造后的老街夜市入口，灯带沿街延伸三百米")}
${numberedHeading(1, "摊位从“抢”到“排”")}
${paragraph('过去的老街，摊位靠“抢”：天不黑就有人占道铺布，晚来的只能挤在巷口。改造后，一百二十个摊位全部编号，摊主每月线上摇号，<strong style="color: rgb(255, 74, 38);">同一品类相邻不超过三家</strong>。')}
${paragraph("摆了十二年糖画的周师傅说：“以前天天吵，现在看号码就行，心里踏实。”")}
${picture(1)}
${caption("▲摊主在入口扫码签到，领取当晚的摊位牌")}
${numberedHeading(2, "油烟和垃圾怎么办")}
${paragraph("夜市最让居民头疼的是油烟。改造中，所有明火摊位集中到北侧，统一接入油烟净化管道；每二十个摊位配一个分类回收点，收摊后半小时内清扫完毕。")}
<section style="margin: 16px 0; padding: 0 0 0 14px; border-left: 3px solid rgb(204, 204, 204); box-sizing: border-box;">
<blockquote style="margin: 0; padding: 4px 0; color: rgb(120, 120, 120); font-size: 14px; line-height: 1.75em; font-style: italic; border: none; background-color: transparent;">“住在夜市楼上，以前晚上不敢开窗，现在味道小多了，十一点以后也安静。”<br>——老街居民 陈阿姨</blockquote>
</section>
${numberedHeading(3, "一张表看懂夜市新规")}
<section style="margin: 10px 0 16px; overflow-x: auto; box-sizing: border-box;">
<table style="width: 100%; border-collapse: collapse; font-size: 14px;">
<thead><tr>
<th style="border: 1px solid rgb(255, 74, 38); background-color: rgb(255, 74, 38); color: rgb(255, 255, 255); padding: 6px 8px; text-align: center;">项目</th>
<th style="border: 1px solid rgb(255, 74, 38); background-color: rgb(255, 74, 38); color: rgb(255, 255, 255); padding: 6px 8px; text-align: center;">改造前</th>
<th style="border: 1px solid rgb(255, 74, 38); background-color: rgb(255, 74, 38); color: rgb(255, 255, 255); padding: 6px 8px; text-align: center;">改造后</th>
</tr></thead>
<tbody>
<tr><td style="border: 1px solid rgb(238, 204, 196); padding: 6px 8px; text-align: center;">营业时间</td><td style="border: 1px solid rgb(238, 204, 196); padding: 6px 8px; text-align: center;">不固定</td><td style="border: 1px solid rgb(238, 204, 196); padding: 6px 8px; text-align: center; color: rgb(255, 74, 38);">17:30–23:00</td></tr>
<tr><td style="border: 1px solid rgb(238, 204, 196); padding: 6px 8px; text-align: center; background-color: rgb(254, 244, 232);">摊位数量</td><td style="border: 1px solid rgb(238, 204, 196); padding: 6px 8px; text-align: center; background-color: rgb(254, 244, 232);">约200个</td><td style="border: 1px solid rgb(238, 204, 196); padding: 6px 8px; text-align: center; background-color: rgb(254, 244, 232); color: rgb(255, 74, 38);">120个（编号）</td></tr>
<tr><td style="border: 1px solid rgb(238, 204, 196); padding: 6px 8px; text-align: center;">明火摊位</td><td style="border: 1px solid rgb(238, 204, 196); padding: 6px 8px; text-align: center;">分散</td><td style="border: 1px solid rgb(238, 204, 196); padding: 6px 8px; text-align: center; color: rgb(255, 74, 38);">集中北侧</td></tr>
</tbody>
</table>
</section>
${picture(2)}
${caption("▲夜里十一点，保洁员开始清扫街面")}
<section style="position: fixed; top: 0; left: 0; width: 100%; z-index: 9999; background-color: rgb(255, 74, 38); color: rgb(255, 255, 255); text-align: center; padding: 10px;">点击关注 领取夜市代金券</section>
<section style="margin-top: -300px; height: 40px; overflow: hidden; color: rgb(62, 62, 62); font-size: 15px;"><p>夜市每周一休市检修，其余时间照常营业。</p></section>
<p style="text-align: right; font-size: 13px; color: rgb(160, 160, 160); margin-top: 24px;">来源：大目新闻记者 林晓</p>
<p style="text-align: right; font-size: 13px; color: rgb(160, 160, 160);">编辑：周文　审核：王强</p>
</section>`;

const XIUMI = `<section data-role="paragraph" class="_135editor" style="box-sizing: border-box;">
<section style="margin: 0 0 20px; text-align: center; box-sizing: border-box;">
<section style="display: inline-block; transform: rotate(-2deg); background-color: rgb(31, 96, 140); color: rgb(255, 255, 255); padding: 10px 22px; border-radius: 2px; box-shadow: 4px 4px 0 rgb(250, 206, 92); box-sizing: border-box;">
<p style="font-size: 20px; font-weight: bold; letter-spacing: 3px;">江心洲 · 观鸟季</p>
</section>
</section>
<section style="font-size: 15px; color: rgb(51, 51, 51); line-height: 1.8; letter-spacing: 1px; text-align: justify; padding: 0 6px; box-sizing: border-box;">
<p>每年十一月到次年三月，江心洲湿地迎来越冬候鸟。今年监测到的水鸟超过<span style="color: rgb(31, 96, 140); font-size: 18px; font-weight: bold;">1.2万</span>只，比去年多了近三成。</p>
</section>
<section style="display: flex; justify-content: space-between; margin: 16px 0; box-sizing: border-box;">
<section style="display: inline-block; width: 48%; vertical-align: top; box-sizing: border-box;">${picture(6, "width: 100%; display: block;")}<p style="text-align: center; font-size: 12px; color: rgb(120, 120, 120); margin-top: 4px;">小天鹅</p></section>
<section style="display: inline-block; width: 48%; vertical-align: top; box-sizing: border-box;">${picture(7, "width: 100%; display: block;")}<p style="text-align: center; font-size: 12px; color: rgb(120, 120, 120); margin-top: 4px;">白鹤</p></section>
</section>
<section style="background-color: rgb(239, 246, 250); border: 1px dashed rgb(31, 96, 140); border-radius: 8px; padding: 12px 14px; margin: 18px 0; box-sizing: border-box;">
<p style="font-size: 15px; font-weight: bold; color: rgb(31, 96, 140); margin-bottom: 6px;">观鸟小贴士</p>
<p style="font-size: 14px; line-height: 1.75em; color: rgb(70, 70, 70);">① 穿深色衣服，保持五十米以上距离；<br>② 湿地水质监测显示，溶解氧约8 mg/L、水温约12 °C，CO<sub>2</sub>排放较去年下降；<br>③ 观鸟长廊全长1.5 km<sup>①</sup>，早上七点开放。</p>
</section>
<hr style="border: none; border-top: 1px dashed rgb(200, 200, 200); margin: 20px 0;">
<section style="font-size: 12px; color: rgb(150, 150, 150); line-height: 1.6; box-sizing: border-box;"><p><sup>①</sup> 含两处观鸟屋，屋内提供望远镜。</p></section>
<svg viewBox="0 0 300 40" style="width: 100%; display: block;"><rect width="300" height="40" fill="rgb(31, 96, 140)"><animate attributeName="opacity" values="1;0.4;1" dur="2s" repeatCount="indefinite"></animate></rect></svg>
<p style="text-align: right; font-size: 13px; color: rgb(160, 160, 160); margin-top: 16px;">来源：临江文旅　图：湿地管理处</p>
</section>`;

const MP_EDITOR = `<p style="text-indent: 2em; line-height: 1.75em;"><span style="font-size: 16px; letter-spacing: 0.5px;">清晨六点，轮渡码头已经排起了队。过江的人里，有赶早市的老人，有背书包的学生，也有拎着工具包的装修师傅。</span></p>
<p><br></p>
${picture(3)}
<p style="text-align: center;"><span style="font-size: 12px; color: rgb(136, 136, 136);">轮渡码头的早班船（记者 林晓 摄）</span></p>
<p><br></p>
<p style="text-indent: 2em; line-height: 1.75em;"><span style="font-size: 16px; letter-spacing: 0.5px;">这条航线开了四十三年。<span style="color: rgb(0, 112, 192); font-weight: bold;">每天往返八十班，单程十分钟，票价一元</span>，票价至今没有变过。</span></p>
<p style="text-indent: 2em; line-height: 1.75em;"><span style="font-size: 16px; letter-spacing: 0.5px;">船长老郑在这条航线上开了二十年船。他说，江上起雾的日子最难，“全靠听，听别的船的汽笛”。</span></p>
<p><br></p>
<h2 style="font-size: 18px; color: rgb(0, 112, 192); text-align: center; border-bottom: 2px solid rgb(0, 112, 192); padding-bottom: 6px; margin: 20px 40px;"><strong>末班船上的人</strong></h2>
<p style="text-indent: 2em; line-height: 1.75em;"><span style="font-size: 16px; letter-spacing: 0.5px;">晚上九点半的末班船，坐的多是下夜班的人。护士小吴每周有三天坐这班船回家：“十分钟，刚好吹吹江风。”</span></p>
${picture(4)}
<p style="text-align: center;"><span style="font-size: 12px; color: rgb(136, 136, 136);">末班船靠岸</span></p>
<p style="text-align: right; line-height: 1.75em;"><span style="font-size: 14px; color: rgb(127, 127, 127);">来源：大目新闻</span></p>`;

const PHOTO_PLACES = ["江心洲", "老街", "轮渡码头", "观鸟长廊", "市民广场", "茶园", "江北丘陵", "湿地栈道", "夜市", "滨江步道"];

/** A photo essay of 120 pictures, each with its caption, in 135编辑器 sections of ten. */
function photoEssay(): string {
  const parts = [
    `<section style="background-color: rgb(245, 245, 245); padding: 12px 14px; border-radius: 6px; margin-bottom: 16px;"><p style="font-size: 14px; line-height: 1.75em; color: rgb(89, 89, 89);"><strong style="color: rgb(31, 96, 140);">导读</strong>｜一百二十张照片，记录临江的一年：从江心洲的晨雾到老街夜市的灯火。</p></section>`,
  ];
  for (let chapter = 0; chapter < EDITOR_FIXTURES.longPhotoEssayPictures / 10; chapter++) {
    parts.push(
      `<section class="_135editor" data-tools="135编辑器" style="margin: 24px 0 10px; text-align: center;"><p style="display: inline-block; font-size: 16px; font-weight: bold; color: rgb(31, 96, 140); border-bottom: 2px solid rgb(250, 206, 92); padding: 0 8px 4px;">${chapter + 1}月</p></section>`,
    );
    for (let i = 0; i < 10; i++) {
      const index = chapter * 10 + i;
      parts.push(
        picture(index),
        caption(`${chapter + 1}月·${PHOTO_PLACES[(index * 7) % PHOTO_PLACES.length]}（${index + 1}/${EDITOR_FIXTURES.longPhotoEssayPictures}）`),
      );
    }
  }
  parts.push(`<p style="text-align: right; font-size: 13px; color: rgb(160, 160, 160);">摄影：大目新闻视觉中心</p>`);
  return parts.join("\n");
}

const editorArticle = (id: number, title: string, summary: string, cover: number, hoursAgo: number, body: string) =>
  newsroomItem(id, "article", [title, summary], cover, hoursAgo, GROUP.culture, { body });

export const EDITOR_ARTICLES = [
  editorArticle(740, "改造后的夜市：摊位从“抢”到“排”", "记者连续三晚蹲守，看夜市改造背后的细节。", 9, 84, TEMPLATE_135),
  editorArticle(741, "江心洲观鸟季来了：今年越冬候鸟超1.2万只", "越冬候鸟都来了，观鸟小贴士请收好。", 11, 85, XIUMI),
  editorArticle(742, "一元船票开了四十三年：江上十分钟", "轮渡码头的早班船和末班船。", 14, 86, MP_EDITOR),
  editorArticle(743, "影像临江｜一百二十张照片里的一年", "从江心洲的晨雾到老街夜市的灯火。", 16, 87, photoEssay()),
];
