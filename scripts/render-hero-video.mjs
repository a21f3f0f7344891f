// Development helper: `node scripts/render-hero-video.mjs` records public/videos/hero-demo.webm, the
// hero's video slide: a 6-second loop, drawn on a canvas in Debian's Chromium and recorded with
// MediaRecorder (VP9), so the repository ships a small local video and nothing is downloaded at build
// time. No words in the picture: the same video serves every language. Run it after changing the
// drawing below and commit the file.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { ensureDebianTool } from "./outside-tools.mjs";

const out = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "..",
  "public",
  "videos",
  "hero-demo.webm",
);
const browser = await chromium.launch({
  executablePath: ensureDebianTool("chromium"),
  args: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--no-first-run",
  ],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
await page.setContent('<canvas width="1280" height="720"></canvas>');

const base64 = await page.evaluate(async () => {
  const LOOP_MS = 6000;
  const canvas = document.querySelector("canvas");
  const ctx = canvas.getContext("2d");
  const W = 1280;
  const H = 720;
  const brand = "#0b3d91";
  const accent = "#ff7a1a";
  const ok = "#1f9d6b";
  const round = (x, y, w, h, r, fill) => {
    ctx.beginPath();
    ctx.roundRect(x, y, w, h, r);
    ctx.fillStyle = fill;
    ctx.fill();
  };
  const ease = (x) => 0.5 - Math.cos(Math.PI * Math.min(1, Math.max(0, x))) / 2;

  // One frame at phase p in [0, 1): an order travelling through stock, invoice, billing and cash
  // flow while the panel's figures move with it.
  const draw = (p) => {
    const bg = ctx.createLinearGradient(0, 0, W, H);
    bg.addColorStop(0, "#061f4a");
    bg.addColorStop(1, brand);
    ctx.fillStyle = bg;
    ctx.fillRect(0, 0, W, H);
    ctx.beginPath();
    ctx.arc(1000, 360, 340 + 12 * Math.sin(2 * Math.PI * p), 0, 2 * Math.PI);
    ctx.fillStyle = "rgba(255,255,255,0.04)";
    ctx.fill();

    // The application window on the right half (the hero's text sits on the left).
    const X = 690;
    const Y = 120;
    round(X, Y, 520, 470, 16, "rgba(255,255,255,0.97)");
    round(X, Y, 520, 38, 16, "#e8eefa");
    ctx.fillStyle = "#e8eefa";
    ctx.fillRect(X, Y + 20, 520, 18);
    [accent, "#f4b400", ok].forEach((c, i) => {
      ctx.beginPath();
      ctx.arc(X + 22 + i * 18, Y + 19, 5, 0, 2 * Math.PI);
      ctx.fillStyle = c;
      ctx.fill();
    });

    // The flow: four stages, the order (orange) moving from one to the next.
    const stages = 4;
    const sx = (i) => X + 70 + i * 127;
    const sy = Y + 92;
    ctx.strokeStyle = "#dfe4ee";
    ctx.lineWidth = 6;
    ctx.beginPath();
    ctx.moveTo(sx(0), sy);
    ctx.lineTo(sx(stages - 1), sy);
    ctx.stroke();
    const travel = p * stages;
    const reached = Math.floor(travel);
    ctx.strokeStyle = brand;
    ctx.beginPath();
    ctx.moveTo(sx(0), sy);
    ctx.lineTo(sx(0) + (sx(stages - 1) - sx(0)) * Math.min(1, travel / (stages - 1)), sy);
    ctx.stroke();
    for (let i = 0; i < stages; i++) {
      ctx.beginPath();
      ctx.arc(sx(i), sy, 22, 0, 2 * Math.PI);
      ctx.fillStyle = i <= reached ? brand : "#f4f6fb";
      ctx.fill();
      ctx.lineWidth = 3;
      ctx.strokeStyle = brand;
      ctx.stroke();
      if (i < reached || (i === reached && travel - reached > 0.35)) {
        // A tick once the stage is done.
        ctx.strokeStyle = "#ffffff";
        ctx.lineWidth = 4;
        ctx.beginPath();
        ctx.moveTo(sx(i) - 9, sy + 1);
        ctx.lineTo(sx(i) - 2, sy + 8);
        ctx.lineTo(sx(i) + 10, sy - 7);
        ctx.stroke();
      }
    }
    const hop = ease((travel - reached) * 1.6);
    const tokenX = sx(Math.min(reached, stages - 1)) + (reached < stages - 1 ? hop * 127 : 0);
    ctx.beginPath();
    ctx.arc(tokenX, sy - 38, 10, 0, 2 * Math.PI);
    ctx.fillStyle = accent;
    ctx.fill();

    // Cash flow line, drawn as the order advances.
    round(X + 30, Y + 150, 460, 150, 10, "#f4f6fb");
    const points = [120, 96, 104, 70, 78, 46, 54, 30].map((y, i) => [X + 50 + i * 60, Y + 150 + y]);
    const shown = 1 + (points.length - 1) * ease(p * 1.15);
    ctx.strokeStyle = accent;
    ctx.lineWidth = 4;
    ctx.lineJoin = "round";
    ctx.beginPath();
    points.forEach(([x, y], i) => {
      if (i > shown) return;
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    });
    const last = Math.floor(shown);
    if (last < points.length - 1) {
      const f = shown - last;
      const [ax, ay] = points[last];
      const [bx, by] = points[last + 1];
      ctx.lineTo(ax + (bx - ax) * f, ay + (by - ay) * f);
    }
    ctx.stroke();

    // Sales bars and the share of the month received.
    round(X + 30, Y + 318, 220, 126, 10, "#f4f6fb");
    for (let i = 0; i < 5; i++) {
      const h = 36 + 40 * (0.5 + 0.5 * Math.sin(2 * Math.PI * (p + i * 0.17)));
      round(X + 56 + i * 36, Y + 424 - h, 22, h, 4, i === 4 ? accent : brand);
    }
    round(X + 270, Y + 318, 220, 126, 10, "#f4f6fb");
    const share = 0.35 + 0.4 * ease(p * 1.1);
    ctx.lineWidth = 16;
    ctx.strokeStyle = "#dfe4ee";
    ctx.beginPath();
    ctx.arc(X + 330, Y + 381, 38, 0, 2 * Math.PI);
    ctx.stroke();
    ctx.strokeStyle = ok;
    ctx.beginPath();
    ctx.arc(X + 330, Y + 381, 38, -Math.PI / 2, -Math.PI / 2 + share * 2 * Math.PI);
    ctx.stroke();
    for (const [i, w] of [60, 46, 54].entries()) round(X + 390, Y + 356 + i * 20, w, 8, 4, "#5a6478");
  };

  const stream = canvas.captureStream(30);
  const recorder = new MediaRecorder(stream, {
    mimeType: "video/webm;codecs=vp9",
    videoBitsPerSecond: 700_000,
  });
  const chunks = [];
  recorder.ondataavailable = (e) => chunks.push(e.data);
  const done = new Promise((resolve) => {
    recorder.onstop = resolve;
  });
  draw(0);
  recorder.start();
  const started = performance.now();
  await new Promise((resolve) => {
    const frame = () => {
      const elapsed = performance.now() - started;
      if (elapsed >= LOOP_MS) return resolve();
      draw(elapsed / LOOP_MS);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  draw(0);
  recorder.stop();
  await done;
  const buffer = await new Blob(chunks, { type: "video/webm" }).arrayBuffer();
  let binary = "";
  const bytes = new Uint8Array(buffer);
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
});

await mkdir(path.dirname(out), { recursive: true });
await writeFile(out, Buffer.from(base64, "base64"));
console.log(
  `${path.relative(process.cwd(), out)}: ${Math.round(Buffer.from(base64, "base64").length / 1024)} KB`,
);
await browser.close();
