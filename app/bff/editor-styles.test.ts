import { describe, expect, it } from "vitest";
import { keptStyle } from "./editor-styles";

describe("keptStyle: the inline styles editor HTML keeps", () => {
  it.each([
    ["color: rgb(255, 74, 38)", "color: rgb(255, 74, 38)"],
    ["background-color:#fef4e8", "background-color: #fef4e8"],
    ["font-size: 15px; font-weight: bold; font-style: italic", "font-size: 15px; font-weight: bold; font-style: italic"],
    ["text-align:center;text-indent:2em;text-decoration:underline", "text-align: center; text-indent: 2em; text-decoration: underline"],
    ["letter-spacing: 1px; line-height: 1.75em", "letter-spacing: 1px; line-height: 1.75em"],
    ["margin: 10px auto; padding: 8px 12px", "margin: 10px auto; padding: 8px 12px"],
    ["border-left: 4px solid rgb(255, 74, 38); border-radius: 6px", "border-left: 4px solid rgb(255, 74, 38); border-radius: 6px"],
    ["border: 1px solid #ddd", "border: 1px solid #ddd"],
    ["width: 100%; max-width: 100%; box-sizing: border-box", "width: 100%; max-width: 100%; box-sizing: border-box"],
    ["display: inline-block; vertical-align: middle", "display: inline-block; vertical-align: middle"],
    ["position: relative", "position: relative"],
    ["box-shadow: 0 2px 6px rgba(0, 0, 0, 0.1)", "box-shadow: 0 2px 6px rgba(0, 0, 0, 0.1)"],
    ["transform: rotate(-3deg)", "transform: rotate(-3deg)"],
    ["background: #f5f5f5", "background-color: #f5f5f5"],
    ["height: auto", "height: auto"],
  ])("keeps %s", (style, kept) => {
    expect(keptStyle(style)).toBe(kept);
  });

  it("drops !important but keeps the declaration", () => {
    expect(keptStyle("color: #333 !important")).toBe("color: #333");
  });

  it("clamps a width in px to the column", () => {
    expect(keptStyle("width: 677px")).toBe("width: 677px; max-width: 100%");
    expect(keptStyle("width: 677px; max-width: 90%")).toBe("width: 677px; max-width: 90%");
  });

  it.each([
    "position: fixed",
    "position: absolute",
    "position: sticky",
    "z-index: 9999",
    "top: 0",
    "left: -20px",
    "margin-top: -200px",
    "margin: -40px 0 0",
    "height: 300px",
    "max-height: 40px",
    "background-image: url(https://mmbiz.qpic.cn/frame.png)",
    "background: url(https://tracker.example/pixel.gif) #fff",
    "background: #fff url('javascript:alert(1)')",
    "color: expression(alert(1))",
    "width: expression(document.body.clientWidth)",
    "behavior: url(#default#VML)",
    "-moz-binding: url(https://evil.example/xbl.xml#x)",
    "list-style-image: url(https://evil.example/a.png)",
    "cursor: url(https://evil.example/c.cur), auto",
    "content: 'x'",
    "font-family: Arial",
    "color: red\\;position:fixed",
    "transform: scale(50)",
    "transform: translate(0, -500px)",
    "font-size: 5000px",
    "width: 300vw",
    "margin-left: 900px",
    "padding: 0 0 0 30em",
    "min-width: 1000px",
    "display: contents",
    "background-color: image-set('a.png' 1x)",
    "color: var(--theme)",
    "width: calc(100% + 400px)",
  ])("drops %s", (style) => {
    expect(keptStyle(style)).toBe("");
  });

  // Each kept length at the edge of its cap and just past it: nothing a body keeps reaches out of a phone's column.
  it.each([
    ["font-size: 64px", "font-size: 65px"],
    ["font-size: 48pt", "font-size: 49pt"],
    ["font-size: 4rem", "font-size: 4.1rem"],
    ["font-size: 1em", "font-size: 1.2em"],
    ["font-size: 100%", "font-size: 120%"],
    ["font-size: smaller", "font-size: larger"],
    ["margin: 64px 0", "margin: 65px 0"],
    ["padding: 0 1em", "padding: 0 2em"],
    ["padding-left: 20%", "padding-left: 25%"],
    ["margin-left: 20%", "margin-left: 10vw"],
    ["font-size: 64px", "font-size: 20vw"],
    ["line-height: 1.5", "line-height: -2"],
    ["text-indent: 2em", "text-indent: 3em"],
    ["letter-spacing: 16px", "letter-spacing: 17px"],
    ["word-spacing: 0.25em", "word-spacing: 1em"],
    ["line-height: 4em", "line-height: 1000px"],
    ["line-height: 1.8", "line-height: 5"],
    ["border-left: 16px solid #c00", "border-left: 1000px solid #c00"],
    ["border-width: 2px 16px", "border-width: 2px 17px"],
    ["border-spacing: 16px", "border-spacing: 1000px"],
    ["box-shadow: 0 0 0 24px rgba(0, 0, 0, 0.9)", "box-shadow: 0 0 0 1000px rgba(0, 0, 0, 0.9)"],
    ["box-shadow: -24px 24px 0 #000", "box-shadow: 0 0 25px #000"],
    ["box-shadow: 0 2px 6px #ccc, 0 0 0 5px #fff", "box-shadow: 0 2px 6px #ccc, 0 0 0 999em #fff"],
    ["text-shadow: 1px 1px 24px #000", "text-shadow: 1000px 0 0 #000"],
    ["vertical-align: -3px", "vertical-align: -1000px"],
    ["transform: rotate(15deg)", "transform: rotate(16deg)"],
    ["transform: rotate(-15deg)", "transform: rotate(90deg)"],
    ["flex: 1 1 0%", "flex: 0 0 1000px"],
    ["flex-basis: 50%", "flex-basis: 400px"],
    ["max-width: 100%", "max-width: none"],
    ["width: 15em; max-width: 100%", "width: 40em"],
  ])("keeps %s and drops %s", (kept, dropped) => {
    expect(keptStyle(kept)).toBe(kept);
    expect(keptStyle(dropped)).toBe("");
  });

  it("keeps a width that is not a share of the column only under max-width: 100%", () => {
    expect(keptStyle("width: 15em")).toBe("width: 15em; max-width: 100%");
    expect(keptStyle("width: 50vw")).toBe("width: 50vw; max-width: 100%");
    expect(keptStyle("width: 677px; max-width: 1000px")).toBe("width: 677px; max-width: 100%");
    expect(keptStyle("max-width: none; width: 677px")).toBe("width: 677px; max-width: 100%");
    expect(keptStyle("width: 48%; max-width: 600px")).toBe("width: 48%; max-width: 600px");
  });

  it("keeps the safe declarations of a mixed style and drops the rest", () => {
    expect(keptStyle("position:fixed;top:0;left:0;z-index:99999;color:#c00;font-size:16px;background:url(x.png)")).toBe(
      "color: #c00; font-size: 16px",
    );
  });

  it("drops a style it cannot parse", () => {
    expect(keptStyle("color: red; }{ position: fixed")).not.toContain("fixed");
    expect(keptStyle("")).toBe("");
  });
});
