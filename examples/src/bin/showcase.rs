//! The Sprig showcase: a thermostat on a simulated panel, in a window, or as PNGs when
//! there is no display (or with `--headless`: two seconds at 30 frames per second).
//!
//! `--panel oled` (the default) is a 128×64 4-bit grey OLED, `--panel color` a 240×240
//! and `--panel wide` a 320×240 RGB565 panel, each with its own layout and palette.
//! Mouse or keys: − and + (Left, Right) change the target, the menu (Up, Down, A)
//! changes the mode; the gear or Tab (Select) slides in the settings, where the arrows
//! move between the parts, Z/Enter (A) uses one and X/Backspace (B) comes back; F1 shows
//! an overlay, Escape quits. `--trace` prints the lifecycle
//! hooks as they run. `--lang zh` shows its words in Chinese (the colour panels).
//! `showcase --help` lists every flag (`docs/simulator.md` explains them).

use clap::{Parser, ValueEnum};
use embedded_graphics::pixelcolor::{Gray4, Rgb565};
use sprig::render::damage::BusCost;
use sprig_examples::{
    build_showcase, Layout, ShowcaseColorRenderer, ShowcaseOledRenderer, ShowcaseWorld, SHOWCASE_DT,
};
use sprig_sim::{AppError, Options, Panel, Run, RunSummary};

/// The Sprig showcase, a thermostat, on a simulated panel: a window, or PNGs when there
/// is no display.
#[derive(Parser)]
#[command(version)]
struct Cli {
    /// The language of its words: en, or zh (Chinese; the colour panels only)
    #[arg(long, value_enum, value_name = "LANG", default_value_t = Lang::En)]
    lang: Lang,
    #[command(flatten)]
    sim: Options,
}

/// The languages the showcase speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Lang {
    /// English.
    En,
    /// Chinese (simplified).
    Zh,
}

fn main() -> Result<(), AppError> {
    let Cli { lang, sim: options } = Cli::parse();
    let (layout, name, panel) = match options.panel {
        Panel::Oled => (&Layout::OLED, "showcase", "128×64 4-bit grey OLED"),
        Panel::Color => (&Layout::SQUARE, "showcase-color", "240×240 RGB565 panel"),
        Panel::Wide => (&Layout::WIDE, "showcase-wide", "320×240 RGB565 panel"),
    };
    let chinese;
    let layout = match lang {
        Lang::En => layout,
        Lang::Zh => {
            chinese = layout.in_chinese().ok_or(
                "--lang zh needs a colour panel (--panel color or --panel wide): the \
                 OLED's bitmap fonts have no Chinese characters",
            )?;
            &chinese
        }
    };
    // With --trace, tracing is on from here: the hooks of the scene's build are printed too.
    let mut world: ShowcaseWorld = options.new_world();
    let scene = build_showcase(&mut world, layout).map_err(|e| e.to_string())?;
    let settings = if cfg!(feature = "settings") {
        ", the gear (or Tab) opens the settings"
    } else {
        ""
    };
    println!(
        "Sprig showcase: a thermostat on a {panel}. − and + (or Left/Right) set the \
         target, the menu (or Up/Down/A) the mode{settings}."
    );
    if lang == Lang::Zh {
        println!(
            "In Chinese: its four fonts hold {} bytes of glyphs (only the characters of \
             examples/assets/strings/showcase-zh.txt).",
            sprig_examples::showcase::layout::CHINESE_FONT_BYTES
        );
    }
    let run = Run {
        name,
        size: layout.size,
        default_frames: 60,
        fixed_dt: SHOWCASE_DT,
    };
    let background = layout.palette.background;
    let (summary, cost) = match options.panel {
        Panel::Oled => {
            let cost = BusCost::GRAY4_SSD0323;
            let mut renderer = ShowcaseOledRenderer::new(run.size, background, cost);
            let clear = Gray4::from(background);
            (
                run.run(&options, &mut world, &mut renderer, clear, |_, _| ())?,
                cost,
            )
        }
        Panel::Color | Panel::Wide => {
            let cost = BusCost::RGB565_MIPI_DCS;
            let mut renderer = ShowcaseColorRenderer::new(run.size, background, cost);
            let clear = Rgb565::from(background);
            (
                run.run(&options, &mut world, &mut renderer, clear, |_, _| ())?,
                cost,
            )
        }
    };
    if options.trace {
        println!("\nframe {}", summary.frames.saturating_sub(1));
        print!(
            "{}",
            sprig_sim::describe_tree(&mut world).map_err(|e| e.to_string())?
        );
    }
    report(&summary, &options, &world, scene, layout, cost);
    Ok(())
}

/// The closing lines: what was flushed, and where the output went.
fn report(
    summary: &RunSummary,
    options: &Options,
    world: &ShowcaseWorld,
    scene: sprig_examples::ShowcaseScene,
    layout: &Layout,
    cost: BusCost,
) {
    let frames = u64::from(summary.frames.max(1));
    let bytes_per_pixel = if options.panel == Panel::Oled { 1 } else { 4 };
    let full = u64::from(layout.size.width * layout.size.height) * bytes_per_pixel / 2
        + u64::from(cost.bytes_per_rect);
    let target = world
        .get::<sprig_examples::showcase::Thermostat>(scene.thermostat)
        .map(|t| t.target_tenths())
        .unwrap_or_default();
    println!(
        "{} frames (target {}.{} °C): {} pixels and {} bytes flushed per frame on average \
         ({} B for a full frame), {} frames flushed nothing; {} hook errors",
        summary.frames,
        target / 10,
        target % 10,
        summary.pixels / frames,
        summary.bytes / frames,
        full,
        summary.still,
        world.hook_errors()
    );
    if let Some(png) = &summary.last_png {
        println!(
            "headless run: last frame written to {}, every frame to {} ({}x)",
            png.display(),
            png.with_file_name("frames").display(),
            options.png_scale()
        );
    }
    if let Some(path) = &options.stats {
        println!("per-frame stats written to {}", path.display());
    }
    if let Some(path) = &options.record {
        println!("input and time steps recorded to {}", path.display());
    }
}
