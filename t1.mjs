import { chromium } from "@playwright/test";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-background-networking","--disable-component-update","--disable-sync","--no-first-run"] });
for (const js of [false, true]) for (let i=0;i<3;i++){
  let t=Date.now(); const c = await b.newContext({ javaScriptEnabled: js, viewport:{width:412,height:915} }); const p = await c.newPage(); const t1=Date.now()-t;
  t=Date.now(); const r=await p.goto("http://localhost:3309/davmu/share/news/video/2026/11/j7MxAVbQ/index.html", {waitUntil:"domcontentloaded"}); const t2=Date.now()-t;
  await p.waitForLoadState("load"); const t3=Date.now()-t; await c.close(); console.log(js, r.status(), t1,t2,t3);
}
await b.close();
