// Sprig in a web page: loads a WebAssembly module built with `sprig-web` and runs one of
// its apps on a canvas. Plain JavaScript, no build step, no dependency.
//
//   const module = await Sprig.load("sprig-apps.wasm");
//   const runner = module.start("showcase", canvas, { scale: 4 });
//   runner.play();
//
// The canvas holds the panel at 1:1 (one canvas pixel per panel pixel) and CSS enlarges
// it with `image-rendering: pixelated`. The pointer on the canvas is touch 0 and the
// keyboard the board's keys (the module decides which keys those are).
"use strict";

const Sprig = (() => {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();

  /** A loaded module: its exports, and text passed through its inbox and outbox. */
  class Module {
    constructor(instance) {
      this.x = instance.exports;
      this.memory = instance.exports.memory;
    }

    /** Writes `text` to the module's inbox. */
    send(text) {
      const bytes = encoder.encode(text);
      const at = this.x.sprig_inbox(bytes.length);
      new Uint8Array(this.memory.buffer, at, bytes.length).set(bytes);
    }

    /** The module's last error, as a sentence. */
    error() {
      const at = this.x.sprig_outbox();
      return decoder.decode(new Uint8Array(this.memory.buffer, at, this.x.sprig_outbox_len()));
    }

    /** Calls `fn` after sending `text`; a negative status becomes an Error. */
    call(text, fn) {
      this.send(text);
      const status = fn();
      if (status === -1) throw new Error(this.error());
      return status;
    }

    /**
     * Starts app `name` on `canvas`. Options: `scale` (CSS pixels per panel pixel,
     * default 4), `theme` (a simulator theme's name), `replay` (a replay file's text: its
     * frames are played, the page's time and input ignored), `input` (default true:
     * listen to the pointer and the keyboard).
     */
    start(name, canvas, options = {}) {
      if (options.theme) this.call(options.theme, () => this.x.sprig_theme());
      const frames = this.call(options.replay || "", () => this.x.sprig_replay());
      this.call(name, () => this.x.sprig_start());
      return new Runner(this, canvas, options, options.replay ? frames : null);
    }
  }

  /** An app running on a canvas. */
  class Runner {
    constructor(module, canvas, options, replayFrames) {
      this.module = module;
      this.x = module.x;
      this.canvas = canvas;
      this.width = this.x.sprig_width();
      this.height = this.x.sprig_height();
      this.replayFrames = replayFrames;
      this.stopAt = null;
      this.onFrame = null;
      this.onEnd = null;
      this.playing = false;
      this.last = null;
      this.timeMs = 0;
      this.timedFrames = 0;
      canvas.width = this.width;
      canvas.height = this.height;
      const scale = options.scale || 4;
      canvas.style.width = `${this.width * scale}px`;
      canvas.style.height = `${this.height * scale}px`;
      canvas.style.imageRendering = "pixelated";
      this.context = canvas.getContext("2d");
      this.image = null;
      this.paint([[0, 0, this.width, this.height]]);
      if (options.input !== false) this.listen();
    }

    /** The panel's pixels as an ImageData over the module's memory (remade after the memory grew). */
    imageData() {
      const buffer = this.module.memory.buffer;
      if (!this.image || this.image.data.buffer !== buffer) {
        const bytes = new Uint8ClampedArray(buffer, this.x.sprig_pixels(), this.width * this.height * 4);
        this.image = new ImageData(bytes, this.width, this.height);
      }
      return this.image;
    }

    /** Copies rectangles `[x, y, w, h]` of the panel onto the canvas. */
    paint(rects) {
      const image = this.imageData();
      for (const [x, y, w, h] of rects) this.context.putImageData(image, 0, 0, x, y, w, h);
    }

    /** The last frame's flushed rectangles. */
    rects(count) {
      const flat = new Uint32Array(this.module.memory.buffer, this.x.sprig_rects(), count * 4);
      const rects = [];
      for (let i = 0; i < count; i++) rects.push(flat.subarray(i * 4, i * 4 + 4));
      return rects;
    }

    /**
     * Runs one frame of `dt` seconds (a replay's own step when replaying) and paints what
     * it flushed. Returns false when there is no frame to run (the replay ended, or the
     * frame count asked for is reached); throws the module's sentence on an error.
     */
    frame(dt) {
      if (this.stopAt !== null && this.frames() >= this.stopAt) return false;
      const started = performance.now();
      const count = this.x.sprig_frame(dt);
      if (count === -2) return false;
      if (count === -1) throw new Error(this.module.error());
      this.paint(this.rects(count));
      this.timeMs += performance.now() - started;
      this.timedFrames += 1;
      if (this.onFrame) this.onFrame(this);
      return true;
    }

    /** Frames run since the app started. */
    frames() {
      return new Float64Array(this.module.memory.buffer, this.x.sprig_figures(), 12)[0];
    }

    /** The last frame's figures: the F1 overlay's. */
    figures() {
      const f = new Float64Array(this.module.memory.buffer, this.x.sprig_figures(), 12);
      return {
        frame: f[0], tickUs: f[1], renderUs: f[2],
        phasesUs: { start: f[3], update: f[4], timers: f[5], late: f[6], end: f[7] },
        pixelsFlushed: f[8], rects: f[9], bytes: f[10],
      };
    }

    /** The app's readout (the showcase's target in tenths of a degree), or null. */
    readout() {
      const value = this.x.sprig_readout();
      return value === -2147483648 ? null : value;
    }

    /** Mean time of a frame (run, then copy to the canvas) so far, in milliseconds. */
    meanFrameMs() {
      return this.timedFrames ? this.timeMs / this.timedFrames : 0;
    }

    /** Runs frames on `requestAnimationFrame`, the time since the last as `dt`. */
    play() {
      if (this.playing) return;
      this.playing = true;
      this.last = null;
      const tick = (now) => {
        if (!this.playing) return;
        const dt = this.last === null ? 1 / 60 : Math.min((now - this.last) / 1000, 0.1);
        this.last = now;
        let more;
        try {
          more = this.frame(dt);
        } catch (error) {
          this.playing = false;
          if (this.onEnd) this.onEnd(this, error);
          return;
        }
        if (more) {
          requestAnimationFrame(tick);
        } else {
          this.playing = false;
          if (this.onEnd) this.onEnd(this, null);
        }
      };
      requestAnimationFrame(tick);
    }

    /** Stops after the frame running. */
    pause() {
      this.playing = false;
    }

    /**
     * Runs `n` frames of `dt` seconds at once; returns the mean milliseconds per frame,
     * timed over the whole run (the page's clock is coarse: a frame is far shorter).
     */
    bench(n, dt = 1 / 30) {
      const started = performance.now();
      let ran = 0;
      while (ran < n && this.frame(dt)) ran += 1;
      return (performance.now() - started) / Math.max(1, ran);
    }

    /** The canvas's pixels at 1:1, RGBA, base64 (what a test compares). */
    canvasBase64() {
      const data = this.context.getImageData(0, 0, this.width, this.height).data;
      let text = "";
      for (let i = 0; i < data.length; i += 0x8000) {
        text += String.fromCharCode.apply(null, data.subarray(i, i + 0x8000));
      }
      return btoa(text);
    }

    /** The pointer as touch 0 and the keyboard as the board's keys. */
    listen() {
      const canvas = this.canvas;
      let down = false;
      const at = (e) => {
        const box = canvas.getBoundingClientRect();
        return [
          (e.clientX - box.left) * this.width / box.width,
          (e.clientY - box.top) * this.height / box.height,
        ];
      };
      const touch = (phase, e) => {
        if (this.replayFrames !== null) return;
        const [x, y] = at(e);
        this.x.sprig_touch(0, phase, x, y);
      };
      canvas.style.touchAction = "none";
      canvas.addEventListener("pointerdown", (e) => {
        down = true;
        canvas.setPointerCapture(e.pointerId);
        touch(0, e);
        e.preventDefault();
      });
      canvas.addEventListener("pointermove", (e) => { if (down) touch(1, e); });
      canvas.addEventListener("pointerup", (e) => { if (down) { down = false; touch(2, e); } });
      canvas.addEventListener("pointercancel", (e) => { if (down) { down = false; touch(3, e); } });
      const key = (pressed) => (e) => {
        if (e.repeat || this.replayFrames !== null) return;
        this.module.send(e.code);
        if (this.x.sprig_key(pressed ? 1 : 0) === 1) e.preventDefault();
      };
      window.addEventListener("keydown", key(true));
      window.addEventListener("keyup", key(false));
    }
  }

  /** Loads and instantiates the module at `url`. */
  async function load(url) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
    const bytes = await response.arrayBuffer();
    const { instance } = await WebAssembly.instantiate(bytes, {
      env: { sprig_now_ms: () => performance.now() },
    });
    return new Module(instance);
  }

  return { load, Module, Runner };
})();
