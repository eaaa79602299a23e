//! The command-line flags every app binary shares.

use std::path::PathBuf;

use embedded_graphics_simulator::BinaryColorTheme;

/// What an app run was asked for on the command line.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// `--headless`: no window even if a display is there.
    pub headless: bool,
    /// `--frames N`: run N frames, then exit.
    pub frames: Option<u32>,
    /// `--out DIR`: where a headless run writes the last frame (`DIR/last.png`) and
    /// every frame (`DIR/frames/frame-NNNN.png`); default `target/<app>`. A windowed run
    /// given `--out` writes `DIR/last.png` too.
    pub out: Option<PathBuf>,
    /// `--scale K`: each display pixel drawn K × K in images (default 4).
    pub scale: u32,
    /// `--stats FILE`: one JSON object per frame and line.
    pub stats: Option<PathBuf>,
    /// `--record FILE`: write the run's input and time steps (see [`crate::Recording`]).
    pub record: Option<PathBuf>,
    /// `--replay FILE`: run a recording instead of live input and time.
    pub replay: Option<PathBuf>,
    /// `--panel oled|color`: which panel an app that offers both draws on (default
    /// `oled`, a 128×64 4-bit grey OLED; `color` is a 240×240 RGB565 panel).
    pub panel: Panel,
    /// `--theme NAME`: how the panel looks in images and the window:
    /// `default`, `oled-blue`, `oled-white`, `lcd-white`, `lcd-green`, `lcd-blue`,
    /// `inverted` (`embedded-graphics-simulator`'s themes).
    pub theme: BinaryColorTheme,
    /// `--hold S`: in a window, keep showing the last frame S seconds after the run
    /// (for a screenshot); default 0.
    pub hold_seconds: f32,
}

/// The panel to simulate.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Panel {
    /// 128×64, 4-bit grey (SSD1322/SSD0323 class).
    #[default]
    Oled,
    /// 240×240 RGB565 (ST7789 class).
    Color,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            headless: false,
            frames: None,
            out: None,
            scale: 4,
            stats: None,
            record: None,
            replay: None,
            panel: Panel::Oled,
            theme: BinaryColorTheme::Default,
            hold_seconds: 0.0,
        }
    }
}

impl Options {
    /// Parses flags (without the program name); an unknown flag or a missing or bad
    /// value is an error naming it.
    ///
    /// ```
    /// let o = sprig_sim::Options::parse(["--frames", "30", "--headless"].map(String::from))?;
    /// assert_eq!((o.frames, o.headless), (Some(30), true));
    /// # Ok::<(), String>(())
    /// ```
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Options, String> {
        let mut options = Options::default();
        let mut args = args.into_iter();
        while let Some(flag) = args.next() {
            let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
            match flag.as_str() {
                "--headless" => options.headless = true,
                "--frames" => {
                    let v = value("--frames")?;
                    options.frames = Some(
                        v.parse()
                            .map_err(|_| format!("--frames {v}: not a count"))?,
                    );
                }
                "--out" => options.out = Some(PathBuf::from(value("--out")?)),
                "--scale" => {
                    let v = value("--scale")?;
                    options.scale = v
                        .parse()
                        .ok()
                        .filter(|&k| (1..=16).contains(&k))
                        .ok_or_else(|| format!("--scale {v}: expected 1 to 16"))?;
                }
                "--stats" => options.stats = Some(PathBuf::from(value("--stats")?)),
                "--record" => options.record = Some(PathBuf::from(value("--record")?)),
                "--replay" => options.replay = Some(PathBuf::from(value("--replay")?)),
                "--theme" => {
                    options.theme = match value("--theme")?.as_str() {
                        "default" => BinaryColorTheme::Default,
                        "oled-blue" => BinaryColorTheme::OledBlue,
                        "oled-white" => BinaryColorTheme::OledWhite,
                        "lcd-white" => BinaryColorTheme::LcdWhite,
                        "lcd-green" => BinaryColorTheme::LcdGreen,
                        "lcd-blue" => BinaryColorTheme::LcdBlue,
                        "inverted" => BinaryColorTheme::Inverted,
                        other => return Err(format!("--theme {other}: expected default, oled-blue, oled-white, lcd-white, lcd-green, lcd-blue or inverted")),
                    }
                }
                "--hold" => {
                    let v = value("--hold")?;
                    options.hold_seconds = v
                        .parse()
                        .ok()
                        .filter(|s: &f32| s.is_finite() && (0.0..=3600.0).contains(s))
                        .ok_or_else(|| format!("--hold {v}: expected seconds, 0 to 3600"))?;
                }
                "--panel" => {
                    options.panel = match value("--panel")?.as_str() {
                        "oled" => Panel::Oled,
                        "color" => Panel::Color,
                        other => return Err(format!("--panel {other}: expected oled or color")),
                    }
                }
                other => {
                    return Err(format!(
                        "unknown flag {other}; expected --headless, --frames N, --out DIR, \
                         --scale K, --stats FILE, --record FILE, --replay FILE, --panel oled|color, --theme NAME, --hold S"
                    ))
                }
            }
        }
        Ok(options)
    }
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

    fn parse(args: &[&str]) -> Result<Options, String> {
        Options::parse(args.iter().map(|a| a.to_string()))
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
            "--hold",
            "2.5",
        ])
        .unwrap();
        assert_eq!(
            o,
            Options {
                headless: true,
                frames: Some(7),
                out: Some(PathBuf::from("o")),
                scale: 2,
                stats: Some(PathBuf::from("s.jsonl")),
                record: Some(PathBuf::from("r.txt")),
                replay: Some(PathBuf::from("p.txt")),
                panel: Panel::Oled,
                theme: BinaryColorTheme::Default,
                hold_seconds: 2.5,
            }
        );
        assert_eq!(parse(&[]).unwrap(), Options::default());
    }

    #[test]
    fn bad_flags_are_named() {
        assert_eq!(
            parse(&["--frames"]),
            Err("--frames needs a value".to_owned())
        );
        assert_eq!(
            parse(&["--frames", "x"]),
            Err("--frames x: not a count".to_owned())
        );
        assert_eq!(
            parse(&["--scale", "0"]),
            Err("--scale 0: expected 1 to 16".to_owned())
        );
        assert_eq!(
            parse(&["--hold", "-1"]),
            Err("--hold -1: expected seconds, 0 to 3600".to_owned())
        );
        assert!(parse(&["--fast"])
            .unwrap_err()
            .starts_with("unknown flag --fast"));
    }
}
