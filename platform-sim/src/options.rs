//! The command-line flags every app binary shares, parsed by `clap`: `--help`,
//! `--version`, and a usage error as a sentence with exit status 2.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::builder::{PossibleValuesParser, TypedValueParser as _};
use clap::error::ErrorKind;
use clap::parser::ValueSource;
use clap::{Args, Command, FromArgMatches as _};
use embedded_graphics::geometry::Size;
use embedded_graphics_simulator::BinaryColorTheme;
use sprig::AnyWorld;

use crate::present::{theme_named, THEME_NAMES};

/// What an app run was asked for on the command line.
///
/// An app without flags of its own reads them with [`Options::parse`]; an app with more
/// flags puts `Options` in its own `clap` parser with `#[command(flatten)]`:
///
/// ```
/// use clap::Parser;
///
/// /// A game with levels.
/// #[derive(Parser)]
/// #[command(version)]
/// struct Cli {
///     /// The level to start at.
///     #[arg(long, default_value_t = 1)]
///     level: u32,
///     #[command(flatten)]
///     sim: sprig_sim::Options,
/// }
///
/// let cli = Cli::try_parse_from(["game", "--level", "3", "--frames", "30"])?;
/// assert_eq!((cli.level, cli.sim.frames), (3, Some(30)));
/// # Ok::<(), clap::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Args)]
// These docs are for Rust readers: keep them out of the help of any command that holds
// the flags.
#[command(about = None, long_about = None)]
pub struct Options {
    /// Never open a window, even when there is a display
    ///
    /// A run without a display is headless anyway. A headless run steps time by the
    /// app's fixed step and writes every frame as a PNG.
    #[arg(long)]
    pub headless: bool,

    /// Run N frames, then stop
    ///
    /// Default: the app's own count when headless, the recording's length when
    /// replaying, and until the window is closed otherwise.
    #[arg(long, value_name = "N")]
    pub frames: Option<u32>,

    /// Write a headless run's PNGs to DIR [default: target/APP]
    ///
    /// The last frame goes to `DIR/last.png`, every frame to
    /// `DIR/frames/frame-NNNN.png` (frame numbers from 0). A windowed run given `--out`
    /// writes `DIR/last.png` too.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,

    /// Draw each panel pixel as a K×K square, in the window and in PNGs (1 to 16)
    /// [default: 4 in PNGs; in a window, the largest K up to 4 that fits the screen]
    ///
    /// Without it, a window on a screen too small for the panel at 4× opens at 3×, 2× or
    /// 1× (the screen's size is read with `xwininfo -root`; without that tool, a
    /// 1366×768 screen is assumed).
    #[arg(long, value_name = "K",
          value_parser = clap::value_parser!(u32).range(1..=16))]
    pub scale: Option<u32>,

    /// Write one line of JSON per frame to FILE (frame, flush and time figures)
    #[arg(long, value_name = "FILE")]
    pub stats: Option<PathBuf>,

    /// Record each frame's time step and input events to FILE, to replay later
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,

    /// Run a recording (written by --record) instead of live input and time
    #[arg(long, value_name = "FILE")]
    pub replay: Option<PathBuf>,

    /// The panel to simulate, for an app that offers more than one
    #[arg(long, value_enum, value_name = "PANEL", default_value_t = Panel::Oled)]
    pub panel: Panel,

    /// How on and off pixels look (embedded-graphics-simulator's themes)
    ///
    /// `default` shows the panel's own colours; every other theme draws each pixel either
    /// "off" (black) or "on" (anything else) in its two colours, so it suits monochrome
    /// and grey panels, not colour ones.
    #[arg(long, value_name = "NAME", default_value = "default",
          value_parser = PossibleValuesParser::new(THEME_NAMES).map(|name| theme_named(&name).unwrap_or_default()))]
    pub theme: BinaryColorTheme,

    /// In a window, keep showing the last frame S seconds after the run (0 to 3600)
    ///
    /// For a look at a given frame (with --frames or --replay), or a screenshot of it.
    #[arg(long = "hold", value_name = "S", default_value_t = 0.0, value_parser = seconds_0_to_3600)]
    pub hold_seconds: f32,

    /// Print the lifecycle hooks as the engine calls them
    ///
    /// Every hook of the scene's build and the first frame, then every hook other than
    /// `update` and `late_update`, with the frame, the node and the component. Without
    /// it, a window's overlay (F1) still shows the last such hook.
    #[arg(long)]
    pub trace: bool,
}

/// The end of `--help`: what the window's keys and mouse do (`window.rs` maps them). An
/// app with a `clap` parser of its own shows it with `#[command(after_help =
/// sprig_sim::KEYS_AND_MOUSE)]`.
pub const KEYS_AND_MOUSE: &str = "\
In the window:
  Left mouse button     touch: down, move while held, up
  Arrow keys            Up, Down, Left, Right
  Z or Enter            A
  X or Backspace        B
  S                     Start
  Tab                   Select
  F1                    show or hide the overlay (frame times, pixels flushed)
  Escape                quit";

/// The panel to simulate.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Panel {
    /// 128×64, 4-bit grey (SSD1322/SSD0323 class).
    #[default]
    Oled,
    /// 240×240 RGB565 (ST7789 class).
    Color,
    /// 320×240 RGB565 (ILI9341 class).
    Wide,
}

fn seconds_0_to_3600(text: &str) -> Result<f32, String> {
    text.parse()
        .ok()
        .filter(|s: &f32| s.is_finite() && (0.0..=3600.0).contains(s))
        .ok_or_else(|| "expected seconds, 0 to 3600".to_owned())
}

impl Default for Options {
    fn default() -> Self {
        Options {
            headless: false,
            frames: None,
            out: None,
            scale: None,
            stats: None,
            record: None,
            replay: None,
            panel: Panel::Oled,
            theme: BinaryColorTheme::Default,
            hold_seconds: 0.0,
            trace: false,
        }
    }
}

/// How many times a panel pixel is enlarged in PNGs, and at most in a window, when
/// `--scale` is not given.
pub const DEFAULT_SCALE: u32 = 4;

/// The screen assumed when its size cannot be read: the smallest common laptop screen.
pub const ASSUMED_SCREEN: Size = Size::new(1366, 768);

impl Options {
    /// The scale of the PNGs: `--scale`, or [`DEFAULT_SCALE`].
    pub fn png_scale(&self) -> u32 {
        self.scale.unwrap_or(DEFAULT_SCALE)
    }

    /// The scale of a window showing a panel of `panel` pixels on a screen of `screen`
    /// pixels (`None`: unknown, [`ASSUMED_SCREEN`]): `--scale`, or the largest scale up
    /// to [`DEFAULT_SCALE`] at which the window takes at most 90 % of the screen's width
    /// and 80 % of its height (room for a title bar and a task bar), at least 1.
    ///
    /// ```
    /// use embedded_graphics::prelude::Size;
    /// let options = sprig_sim::Options::default();
    /// let full_hd = Some(Size::new(1920, 1080));
    /// assert_eq!(options.window_scale(Size::new(128, 64), full_hd), 4);
    /// assert_eq!(options.window_scale(Size::new(320, 240), full_hd), 3); // 960×720
    /// ```
    pub fn window_scale(&self, panel: Size, screen: Option<Size>) -> u32 {
        if let Some(scale) = self.scale {
            return scale;
        }
        let screen = screen.unwrap_or(ASSUMED_SCREEN);
        let (room_w, room_h) = (
            u64::from(screen.width) * 9 / 10,
            u64::from(screen.height) * 8 / 10,
        );
        (1..=DEFAULT_SCALE)
            .rev()
            .find(|&k| {
                u64::from(panel.width) * u64::from(k) <= room_w
                    && u64::from(panel.height) * u64::from(k) <= room_h
            })
            .unwrap_or(1)
    }

    /// The app's world, empty, made as `W::new()` would make it, with tracing already on
    /// for `--trace`: the hooks the app's build calls are then printed by
    /// [`Run::run`](crate::Run::run) with the rest. Write `let mut world: AppWorld =
    /// options.new_world();` where `AppWorld::new()` was.
    ///
    /// ```
    /// use sprig::{component, world, AnyWorld, Ctx, Hook, HookResult, Hooks};
    ///
    /// /// Does nothing, once loaded.
    /// pub struct Idle;
    ///
    /// #[component]
    /// impl Hooks for Idle {
    ///     fn on_load(&mut self, _ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
    ///         Ok(())
    ///     }
    /// }
    ///
    /// world! {
    ///     type AppWorld = World { nodes: 4, components: App { Idle: 1 } };
    /// }
    ///
    /// let options = sprig_sim::Options::try_parse_from(["app", "--trace"])?;
    /// let mut world: AppWorld = options.new_world();
    /// let root = world.root();
    /// world.add_component(root, Idle)?; // the build: `on_load` runs now
    /// let hooks: Vec<Hook> = world.trace().map(|entry| entry.hook).collect();
    /// assert_eq!(hooks, [Hook::OnLoad]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new_world<W: AnyWorld + Default>(&self) -> W {
        let mut world = W::default();
        world.set_tracing(self.trace);
        world
    }

    /// The flags as a `clap` command (for an app that builds its parser by hand), with
    /// the window's keys and mouse at the end of `--help` ([`KEYS_AND_MOUSE`]).
    pub fn command() -> Command {
        Options::augment_args(Command::new("app")).after_help(KEYS_AND_MOUSE)
    }

    /// Reads the command line of an app that runs on one panel. `--help` and `--version`
    /// print and exit with status 0; a usage error prints what is wrong and exits with
    /// status 2. `--panel` is such an error here (the app would ignore it), and is not
    /// in `--help`; an app that offers panels reads its flags with
    /// [`parse_with_panels`](Self::parse_with_panels).
    ///
    /// `about` is the first line of `--help`, `version` what `--version` prints after the
    /// program's name (usually `env!("CARGO_PKG_VERSION")`).
    ///
    /// ```no_run
    /// let options = sprig_sim::Options::parse("My app on a simulated panel.", env!("CARGO_PKG_VERSION"));
    /// ```
    pub fn parse(about: &'static str, version: &'static str) -> Options {
        let args: Vec<OsString> = std::env::args_os().collect();
        let command = Options::command()
            .about(about)
            .version(version)
            .mut_arg("panel", |panel| panel.hide(true));
        Options::try_parse_from_command(command, args, Panels::One).unwrap_or_else(|e| e.exit())
    }

    /// Reads the command line of an app that offers `--panel` (and matches on
    /// [`panel`](Self::panel)), as [`parse`](Self::parse) does otherwise.
    ///
    /// ```no_run
    /// use sprig_sim::{Options, Panel};
    ///
    /// let options = Options::parse_with_panels("My app, on any panel.", env!("CARGO_PKG_VERSION"));
    /// let size = match options.panel {
    ///     Panel::Oled => (128, 64),
    ///     Panel::Color => (240, 240),
    ///     Panel::Wide => (320, 240),
    /// };
    /// ```
    pub fn parse_with_panels(about: &'static str, version: &'static str) -> Options {
        let args: Vec<OsString> = std::env::args_os().collect();
        let command = Options::command().about(about).version(version);
        Options::try_parse_from_command(command, args, Panels::Many).unwrap_or_else(|e| e.exit())
    }

    /// Reads `args`, the program's name first, as [`Options::parse_with_panels`] does
    /// (every flag, `--panel` too), but returns a usage error (or the help text, as an
    /// error of kind `DisplayHelp`) instead of exiting.
    ///
    /// ```
    /// let o = sprig_sim::Options::try_parse_from(["app", "--frames", "30", "--headless"])?;
    /// assert_eq!((o.frames, o.headless), (Some(30), true));
    /// # Ok::<(), clap::Error>(())
    /// ```
    pub fn try_parse_from<I, T>(args: I) -> Result<Options, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<OsString> + Clone,
    {
        Options::try_parse_from_command(Options::command(), args, Panels::Many)
    }

    fn try_parse_from_command<I, T>(
        command: Command,
        args: I,
        panels: Panels,
    ) -> Result<Options, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<OsString> + Clone,
    {
        let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
        // `--version` names the program as it was called, not as this crate.
        let program = args
            .first()
            .and_then(|arg| std::path::Path::new(arg).file_stem())
            .map_or_else(
                || "app".to_owned(),
                |stem| stem.to_string_lossy().into_owned(),
            );
        let mut command = command.display_name(program);
        let matches = command.try_get_matches_from_mut(args)?;
        if panels == Panels::One && matches.value_source("panel") == Some(ValueSource::CommandLine)
        {
            return Err(command.error(
                ErrorKind::ArgumentConflict,
                "this app runs on one panel: '--panel' does not apply",
            ));
        }
        Options::from_arg_matches(&matches)
    }
}

/// Whether the app offers `--panel`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Panels {
    One,
    Many,
}

/// One frame's figures, written by `--stats` as a JSON line.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FrameRecord {
    /// Frame number, from 0.
    pub frame: u32,
    /// Rectangles flushed.
    pub rects: u32,
    /// Pixels drawn into the renderer's buffer.
    pub pixels_drawn: u64,
    /// Pixels sent to the display.
    pub pixels_flushed: u64,
    /// Bytes the flush costs on the display bus.
    pub bytes: u64,
    /// Microseconds in `tick` (every lifecycle phase).
    pub tick_us: u64,
    /// Microseconds rendering.
    pub render_us: u64,
    /// Microseconds of each phase of `tick`: start, update, timers, late_update, end of
    /// frame (sorting and deferred destruction).
    pub phases_us: [u32; 5],
}

impl FrameRecord {
    /// The record as one line of JSON.
    ///
    /// ```
    /// let r = sprig_sim::FrameRecord { frame: 3, rects: 1, ..Default::default() };
    /// assert!(r.to_json().starts_with("{\"frame\":3,\"rects\":1,"));
    /// ```
    pub fn to_json(&self) -> String {
        let [start, update, timers, late, end] = self.phases_us;
        format!(
            "{{\"frame\":{},\"rects\":{},\"pixels_drawn\":{},\"pixels_flushed\":{},\"bytes\":{},\"tick_us\":{},\"render_us\":{},\"start_us\":{start},\"update_us\":{update},\"timers_us\":{timers},\"late_update_us\":{late},\"end_of_frame_us\":{end}}}",
            self.frame,
            self.rects,
            self.pixels_drawn,
            self.pixels_flushed,
            self.bytes,
            self.tick_us,
            self.render_us
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Options, clap::Error> {
        Options::try_parse_from(std::iter::once("app").chain(args.iter().copied()))
    }

    #[test]
    fn every_flag_is_read() {
        let o = parse(&[
            "--headless",
            "--frames",
            "7",
            "--out",
            "o",
            "--scale",
            "2",
            "--stats",
            "s.jsonl",
            "--record",
            "r.txt",
            "--replay",
            "p.txt",
            "--panel",
            "color",
            "--theme",
            "lcd-green",
            "--hold",
            "2.5",
            "--trace",
        ])
        .unwrap();
        assert_eq!(
            o,
            Options {
                headless: true,
                frames: Some(7),
                out: Some(PathBuf::from("o")),
                scale: Some(2),
                stats: Some(PathBuf::from("s.jsonl")),
                record: Some(PathBuf::from("r.txt")),
                replay: Some(PathBuf::from("p.txt")),
                panel: Panel::Color,
                theme: BinaryColorTheme::LcdGreen,
                hold_seconds: 2.5,
                trace: true,
            }
        );
        assert_eq!(parse(&[]).unwrap(), Options::default());
        assert_eq!(parse(&["--frames=3"]).unwrap().frames, Some(3));
    }

    #[test]
    fn the_window_scale_fits_the_screen_unless_given() {
        let fit = |panel: (u32, u32), screen: Option<(u32, u32)>| {
            let screen = screen.map(|(w, h)| Size::new(w, h));
            Options::default().window_scale(Size::new(panel.0, panel.1), screen)
        };
        let (oled, wide) = ((128, 64), (320, 240));
        assert_eq!(fit(oled, Some((1920, 1080))), 4);
        assert_eq!(fit(wide, Some((1920, 1080))), 3);
        assert_eq!(
            fit(wide, Some((3840, 2160))),
            4,
            "never above 4 unless asked"
        );
        assert_eq!(fit(wide, Some((1366, 768))), 2);
        assert_eq!(fit(wide, None), 2, "an unknown screen is taken as 1366x768");
        assert_eq!(fit(wide, Some((300, 200))), 1, "at least 1");
        assert_eq!(fit(wide, Some((0, 0))), 1);
        assert_eq!(fit(oled, Some((u32::MAX, u32::MAX))), 4);
        let given = parse(&["--scale", "6"]).unwrap();
        assert_eq!(
            given.window_scale(Size::new(320, 240), Some(Size::new(800, 600))),
            6
        );
        assert_eq!(given.png_scale(), 6);
        assert_eq!(Options::default().png_scale(), 4);
    }

    #[test]
    fn every_theme_has_its_name() {
        for name in THEME_NAMES {
            let theme = parse(&["--theme", name]).unwrap().theme;
            assert_eq!(
                theme == BinaryColorTheme::Default,
                name == "default",
                "{name}"
            );
        }
    }

    #[test]
    fn bad_flags_are_usage_errors_that_say_what_is_wrong() {
        let cases: [(&[&str], ErrorKind, &str); 6] = [
            (
                &["--frames"],
                ErrorKind::InvalidValue,
                "a value is required for '--frames <N>'",
            ),
            (
                &["--frames", "x"],
                ErrorKind::ValueValidation,
                "invalid value 'x' for '--frames <N>'",
            ),
            (
                &["--scale", "0"],
                ErrorKind::ValueValidation,
                "0 is not in 1..=16",
            ),
            (
                &["--theme", "pink"],
                ErrorKind::InvalidValue,
                "[possible values: default, oled-blue,",
            ),
            (
                &["--frame", "3"],
                ErrorKind::UnknownArgument,
                "a similar argument exists: '--frames'",
            ),
            (
                &["--hold", "4000"],
                ErrorKind::ValueValidation,
                "invalid value '4000' for '--hold <S>': expected seconds, 0 to 3600",
            ),
        ];
        for (args, kind, words) in cases {
            let error = parse(args).unwrap_err();
            assert_eq!(error.kind(), kind, "{args:?}");
            assert_eq!(error.exit_code(), 2, "{args:?}");
            let text = error.to_string();
            assert!(text.contains(words), "{args:?}: {text}");
        }
    }

    #[test]
    fn panel_on_an_app_with_one_panel_is_a_usage_error() {
        let one = |args: &[&str]| {
            let command = Options::command().mut_arg("panel", |panel| panel.hide(true));
            Options::try_parse_from_command(
                command,
                std::iter::once("hello").chain(args.iter().copied()),
                Panels::One,
            )
        };
        for args in [
            &["--panel", "color"][..],
            &["--panel=oled"],
            &["--headless", "--panel", "wide"],
        ] {
            let error = one(args).unwrap_err();
            assert_eq!(error.kind(), ErrorKind::ArgumentConflict, "{args:?}");
            assert_eq!(error.exit_code(), 2, "{args:?}");
            let text = error.to_string();
            assert!(
                text.contains("this app runs on one panel: '--panel' does not apply"),
                "{args:?}: {text}"
            );
        }
        // Without it, the default panel, as before; and not offered in the help.
        assert_eq!(one(&["--headless"]).unwrap().panel, Panel::Oled);
        let help = one(&["--help"]).unwrap_err().to_string();
        assert!(!help.contains("--panel"), "{help}");
        // An app with panels takes it.
        assert_eq!(parse(&["--panel", "wide"]).unwrap().panel, Panel::Wide);
    }

    #[test]
    fn help_lists_every_flag_with_its_default() {
        let help = Options::command().render_long_help().to_string();
        for flag in [
            "--headless",
            "--frames <N>",
            "--out <DIR>",
            "--scale <K>",
            "--stats <FILE>",
            "--record <FILE>",
            "--replay <FILE>",
            "--panel <PANEL>",
            "--theme <NAME>",
            "--hold",
            "[default: 4 in PNGs; in a window, the largest K up to 4 that fits the screen]",
            "[default: oled]",
            "[default: default]",
            "[default: target/APP]",
        ] {
            assert!(help.contains(flag), "{flag} missing from:\n{help}");
        }
        assert!(
            !help.contains("What an app run"),
            "the type's docs leaked:\n{help}"
        );
    }

    #[test]
    fn help_lists_the_keys_and_the_mouse() {
        let short = parse(&["-h"]).unwrap_err().to_string();
        let long = parse(&["--help"]).unwrap_err().to_string();
        for help in [short, long] {
            assert!(
                help.ends_with(
                    "In the window:
  Left mouse button     touch: down, move while held, up
  Arrow keys            Up, Down, Left, Right
  Z or Enter            A
  X or Backspace        B
  S                     Start
  Tab                   Select
  F1                    show or hide the overlay (frame times, pixels flushed)
  Escape                quit\n"
                ),
                "{help}"
            );
        }
    }

    #[test]
    fn an_app_with_its_own_flags_keeps_its_own_description() {
        /// A game with levels.
        #[derive(clap::Parser)]
        struct Cli {
            #[arg(long)]
            level: Option<u32>,
            #[command(flatten)]
            sim: Options,
        }
        let help = <Cli as clap::CommandFactory>::command()
            .render_help()
            .to_string();
        assert!(help.starts_with("A game with levels"), "{help}");
        assert!(help.contains("--level <LEVEL>") && help.contains("--replay <FILE>"));
    }
}
