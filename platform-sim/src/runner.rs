//! The frame loop every app binary shares: live (a window with real-time steps, or a
//! fixed-step headless run) or replayed, with stats, PNG output and recording as the
//! flags ask.

use std::io::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use embedded_graphics::pixelcolor::{PixelColor, Rgb888};
use embedded_graphics::prelude::Size;
use embedded_graphics_simulator::SimulatorDisplay;
use sprig::render::{DrawSet, RenderColor, Renderer};
use sprig::{Dispatch, Hook, World};

use crate::record::{parse_with_lines, refusal};
use crate::{save_png, FrameInput, FrameRecord, Options, Recording, Window};

/// Microseconds since the first call: the world's clock in the simulator.
fn now_us() -> u32 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_micros() as u32
}

/// What a run did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RunSummary {
    /// Frames run.
    pub frames: u32,
    /// Pixels flushed, all frames together.
    pub pixels: u64,
    /// Bus bytes, all frames together.
    pub bytes: u64,
    /// Frames that flushed nothing.
    pub still: u32,
    /// Whether it ran headless.
    pub headless: bool,
    /// Where the last frame was written (headless runs, and runs given `--out`); `None`
    /// when no frame ran (`--frames 0`, an empty recording).
    pub last_png: Option<PathBuf>,
}

/// How to run an app.
pub struct Run<'a> {
    /// Window title, and the default output folder's name.
    pub name: &'a str,
    /// Panel size in pixels.
    pub size: Size,
    /// Frames of a headless run when `--frames` is not given.
    pub default_frames: u32,
    /// Time step of a headless run, in seconds.
    pub fixed_dt: f32,
}

impl Run<'_> {
    /// Runs `world` through `renderer` as `options` ask, calling `after_frame` after each
    /// frame is rendered (to print, say).
    #[allow(clippy::too_many_arguments)]
    pub fn run<
        S,
        C,
        const N: usize,
        const CS: usize,
        const TM: usize,
        const E: usize,
        const TR: usize,
        const LS: usize,
        const BUF: usize,
        const D: usize,
        const SH: usize,
    >(
        &self,
        options: &Options,
        world: &mut World<S, N, CS, TM, E, TR, LS>,
        renderer: &mut Renderer<C, N, BUF, D, SH>,
        background: C,
        mut after_frame: impl FnMut(&mut World<S, N, CS, TM, E, TR, LS>, u32),
    ) -> Result<RunSummary, String>
    where
        S: DrawSet + Dispatch,
        C: RenderColor + PixelColor + Into<Rgb888>,
    {
        let (replay, replay_lines) = match &options.replay {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                let (recording, lines) =
                    parse_with_lines(&text).map_err(|e| format!("{}: {e}", path.display()))?;
                (Some(recording), lines)
            }
            None => (None, Vec::new()),
        };
        let mut window = if options.headless {
            None
        } else {
            let scale = options.window_scale(self.size, Window::screen_size());
            Window::open(self.name, self.size, scale, options.theme)
        };
        let headless = window.is_none();
        if headless && !options.headless {
            println!("no display found: running headless");
        }
        let frames = match (&replay, headless) {
            (Some(r), _) => Some(options.frames.unwrap_or(r.frames.len() as u32)),
            (None, true) => Some(options.frames.unwrap_or(self.default_frames)),
            (None, false) => options.frames,
        };
        let out = options
            .out
            .clone()
            .unwrap_or_else(|| PathBuf::from("target").join(self.name));
        let mut stats_file = match &options.stats {
            Some(path) => {
                Some(std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?)
            }
            None => None,
        };
        let mut display = SimulatorDisplay::<C>::with_default_color(self.size, background);
        let mut recording = Recording::default();
        let mut summary = RunSummary {
            headless,
            ..RunSummary::default()
        };
        let mut last = Instant::now();
        let height = self.size.height as f32;
        world.set_clock(Some(now_us));
        // The trace feeds `--trace` and the overlay's last hook; a world made by
        // `Options::new_world` traced its build already.
        if options.trace || window.is_some() {
            world.set_tracing(true);
        }
        let mut last_hook = String::new();
        loop {
            let frame = summary.frames;
            if frames.is_some_and(|n| frame >= n) || window.as_ref().is_some_and(|w| !w.is_open()) {
                break;
            }
            let input = match (&replay, window.as_mut()) {
                (Some(r), _) => r.frames.get(frame as usize).cloned().unwrap_or_default(),
                (None, Some(w)) => {
                    let now = Instant::now();
                    let dt = (now - last).as_secs_f32().min(0.1);
                    last = now;
                    FrameInput {
                        dt,
                        events: w.input(),
                    }
                }
                (None, None) => FrameInput {
                    dt: self.fixed_dt,
                    events: Vec::new(),
                },
            };
            let started = Instant::now();
            input.apply_each(world, height).map_err(|(event, error)| {
                let cause = refusal(event.and_then(|i| input.events.get(i)), error);
                // Frames past a recording's end have no line.
                match (&options.replay, replay_lines.get(frame as usize)) {
                    (Some(path), Some(lines)) => {
                        let line = event
                            .and_then(|i| lines.events.get(i).copied())
                            .unwrap_or(lines.frame);
                        format!("{}, line {line}: {cause}", path.display())
                    }
                    _ => format!("frame {frame}: {cause}"),
                }
            })?;
            let ticked = Instant::now();
            let Ok(stats) = renderer.render(world, &mut display);
            let rendered = Instant::now();
            let p = world.phase_times();
            let record = FrameRecord {
                frame,
                rects: stats.rects,
                pixels_drawn: stats.pixels_drawn,
                pixels_flushed: stats.pixels_flushed,
                bytes: stats.bytes,
                tick_us: (ticked - started).as_micros() as u64,
                render_us: (rendered - ticked).as_micros() as u64,
                phases_us: [p.start, p.update, p.timers, p.late_update, p.end_of_frame],
            };
            if let Some(file) = stats_file.as_mut() {
                writeln!(file, "{}", record.to_json()).map_err(|e| e.to_string())?;
            }
            summary.pixels += stats.pixels_flushed;
            summary.bytes += stats.bytes;
            summary.still += u32::from(stats.bytes == 0);
            match window.as_mut() {
                Some(w) => w.present(
                    &display,
                    &[
                        format!("fps {:.0}", 1.0 / input.dt.max(1e-3)),
                        format!("tick {}us", record.tick_us),
                        format!(" start {} update {} timers {}", p.start, p.update, p.timers),
                        format!(" late {} end {}", p.late_update, p.end_of_frame),
                        format!("render {}us", record.render_us),
                        format!("flushed {}px", record.pixels_flushed),
                        format!("hook {last_hook}"),
                    ],
                )?,
                None => save_png(
                    &display,
                    &out.join("frames").join(format!("frame-{frame:04}.png")),
                    options.png_scale(),
                    options.theme,
                )?,
            }
            recording.frames.push(input);
            summary.frames += 1;
            after_frame(world, frame);
            follow_trace(world, frame, options.trace, &mut last_hook);
        }
        if let Some(w) = window.as_mut() {
            let until = Instant::now() + std::time::Duration::from_secs_f32(options.hold_seconds);
            while w.is_open() && Instant::now() < until {
                w.present(&display, &[])?;
            }
        }
        // A run of no frame has no last frame to write.
        if summary.frames > 0 && (headless || options.out.is_some()) {
            let png = out.join("last.png");
            save_png(&display, &png, options.png_scale(), options.theme)?;
            summary.last_png = Some(png);
        }
        if let Some(path) = &options.record {
            std::fs::write(path, recording.to_text())
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
        Ok(summary)
    }
}

/// Prints the hooks traced since the last call when `print` is on (all of them for frame
/// 0, then all but `update`/`late_update`), keeps the last of those in `last`, and
/// empties the trace.
fn follow_trace<
    S: Dispatch,
    const N: usize,
    const CS: usize,
    const TM: usize,
    const E: usize,
    const TR: usize,
    const LS: usize,
>(
    world: &mut World<S, N, CS, TM, E, TR, LS>,
    frame: u32,
    print: bool,
    last: &mut String,
) {
    if print && frame == 0 {
        println!("Every hook of the scene's build and frame 0:");
    }
    for e in world.trace() {
        let every = matches!(e.hook, Hook::Update | Hook::LateUpdate);
        if every && frame > 0 {
            continue;
        }
        let node = world.name(e.node).unwrap_or("?");
        let kind = world.kind_name(e.kind);
        if print {
            println!(
                "  frame {:>3}  {node:<10} {kind:<12} {}",
                e.frame,
                e.hook.name()
            );
        }
        if !every {
            *last = format!("{kind}.{}", e.hook.name());
        }
    }
    if print && frame == 0 {
        println!("Hooks other than update/late_update, from frame 1:");
    }
    world.clear_trace();
}
