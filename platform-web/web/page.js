// The example page: picks the app from `?app=`, plays it (or a replay) on the canvas,
// lists its keys and shows the F1 figures. `window.sprigPage` is what tests drive.
"use strict";

const APPS = {
  "showcase": {
    title: "The showcase on a 128×64 grey OLED",
    about: "A thermostat: − and + set the target, the menu sets the mode.",
    keys: [["Left / Right", "− / + (the target)"], ["Up / Down, Z or Enter", "the mode menu, pick"], ["mouse or touch", "the buttons and the menu"]],
  },
  "showcase-color": {
    title: "The showcase on a 240×240 colour panel",
    about: "The same thermostat, its colour layout: anti-aliased type and shapes, a flame while it heats.",
    keys: [["Left / Right", "− / + (the target)"], ["Up / Down, Z or Enter", "the mode chips, pick"], ["mouse or touch", "the buttons and the chips"]],
  },
  "showcase-wide": {
    title: "The showcase on a 320×240 colour panel",
    about: "The same thermostat on a wide panel, with a hint in its box.",
    keys: [["Left / Right", "− / + (the target)"], ["Up / Down, Z or Enter", "the mode menu, pick"], ["mouse or touch", "the buttons and the menu"]],
  },
  "breakout": {
    title: "Breakout",
    about: "Keep the ball up: the paddle follows the keys or a drag.",
    keys: [["Left / Right", "move the paddle"], ["mouse or touch drag", "move the paddle"]],
  },
  "hello": {
    title: "The getting-started guide's app",
    about: "A title and a ball easing from side to side (no input).",
    keys: [],
  },
};

const BOARD_KEYS = [
  ["Arrow keys", "Up, Down, Left, Right"], ["Z or Enter", "A"], ["X or Backspace", "B"],
  ["S", "Start"], ["Tab", "Select"], ["F1", "show or hide the frame figures"],
];

window.sprigPage = { runner: null, done: false, error: null, frames: 0 };

function list(element, rows) {
  for (const [key, what] of rows) {
    const dt = document.createElement("dt");
    dt.textContent = key;
    const dd = document.createElement("dd");
    dd.textContent = what;
    element.append(dt, dd);
  }
}

async function replayText(value) {
  if (value === null) return null;
  // A replay file's text starts with `frame`; anything else is its URL.
  if (/^\s*frame\s/.test(value)) return value.replace(/;/g, "\n");
  const response = await fetch(value);
  if (!response.ok) throw new Error(`${value}: ${response.status} ${response.statusText}`);
  return response.text();
}

function readout(name, value) {
  if (value === null) return "";
  if (name.startsWith("showcase")) return `target ${(value / 10).toFixed(1)} °C`;
  if (name === "breakout") return `${value} points`;
  return String(value);
}

async function main() {
  const params = new URLSearchParams(location.search);
  const name = params.get("app") || "showcase";
  const app = APPS[name];
  const status = document.getElementById("status");
  const nav = document.getElementById("apps");
  for (const other of Object.keys(APPS)) {
    const link = document.createElement("a");
    link.href = `?app=${other}`;
    link.textContent = other;
    if (other === name) link.className = "here";
    nav.append(link);
  }
  if (!app) throw new Error(`no app is called \`${name}\``);
  document.getElementById("title").textContent = app.title;
  document.getElementById("about").textContent = app.about;
  const keys = document.getElementById("keys");
  list(keys, app.keys);
  list(keys, BOARD_KEYS);

  const module = await Sprig.load("sprig-apps.wasm");
  document.getElementById("size").textContent =
    `${Math.round(module.memory.buffer.byteLength / 1024)} KiB of memory`;
  const replay = await replayText(params.get("replay"));
  const canvas = document.getElementById("panel");
  const defaultScale = name === "showcase" || name === "breakout" || name === "hello" ? 5 : 2;
  const runner = module.start(name, canvas, {
    scale: Number(params.get("scale")) || defaultScale,
    theme: params.get("theme"),
    replay,
  });
  window.sprigPage.runner = runner;
  if (params.get("frames") !== null) runner.stopAt = Number(params.get("frames"));

  const figures = document.getElementById("figures");
  window.addEventListener("keydown", (e) => {
    if (e.code === "F1") { figures.hidden = !figures.hidden; e.preventDefault(); }
  });
  let lastNow = performance.now();
  runner.onFrame = (r) => {
    window.sprigPage.frames = r.frames();
    const now = performance.now();
    const fps = 1000 / Math.max(1, now - lastNow);
    lastNow = now;
    const f = r.figures();
    const p = f.phasesUs;
    status.textContent = `frame ${f.frame}  ${readout(name, r.readout())}${replay ? "  (replay)" : ""}`;
    if (!figures.hidden) {
      figures.textContent = [
        `fps ${fps.toFixed(0)}`,
        `tick ${f.tickUs}us`,
        ` start ${p.start} update ${p.update} timers ${p.timers}`,
        ` late ${p.late} end ${p.end}`,
        `render ${f.renderUs}us`,
        `flushed ${f.pixelsFlushed}px in ${f.rects} rects`,
        `frame + copy ${r.meanFrameMs().toFixed(3)} ms mean`,
      ].join("\n");
    }
  };
  runner.onEnd = (r, error) => {
    window.sprigPage.done = true;
    if (error) {
      window.sprigPage.error = String(error.message || error);
      status.textContent = `stopped: ${window.sprigPage.error}`;
    } else {
      status.textContent += "  (end)";
    }
  };
  status.textContent = "frame 0";
  canvas.focus();
  if (params.get("paused") === null) runner.play();
}

main().catch((error) => {
  window.sprigPage.done = true;
  window.sprigPage.error = String(error.message || error);
  document.getElementById("status").textContent = `error: ${window.sprigPage.error}`;
});
