//! What the page's exports act on: the running app, its theme, a replay being played,
//! the live input of the next frame, and the text passed in and out.

use sprig_sim::present::theme_named;
use sprig_sim::{BinaryColorTheme, FrameInput, InputRecord, Recording};

use crate::app::{App, FrameFigures};
use crate::keys::{key_for_code, touch_phase};

/// Makes the app called `name` in `theme`; `None` for a name the module does not hold.
pub type Factory = fn(name: &str, theme: BinaryColorTheme) -> Option<Box<dyn App>>;

/// What [`Host::frame`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A frame ran and flushed this many rectangles (see [`App::rects`]).
    Ran(usize),
    /// The replay's frames are all run: nothing ran.
    ReplayEnded,
}

/// The state behind the exports.
#[derive(Default)]
pub struct Host {
    app: Option<Box<dyn App>>,
    theme: BinaryColorTheme,
    replay: Option<Recording>,
    frame: u32,
    pending: Vec<InputRecord>,
    figures: FrameFigures,
    /// Text from the script (an app's name, a theme's name, a replay file, a key's
    /// code), written in place by it.
    pub inbox: Vec<u8>,
    /// Text for the script: the last error.
    pub outbox: String,
}

impl Host {
    /// The inbox's text; `Err` when it is not UTF-8.
    fn inbox_text(&self) -> Result<&str, String> {
        core::str::from_utf8(&self.inbox).map_err(|_| "the text passed in is not UTF-8".into())
    }

    /// Starts the app named in the inbox, made by `factory`, from its first frame; the
    /// replay loaded, if any, plays from its first frame.
    pub fn start(&mut self, factory: Factory) -> Result<(), String> {
        let name = self.inbox_text()?;
        let app = factory(name, self.theme).ok_or_else(|| format!("no app is called `{name}`"))?;
        self.app = Some(app);
        self.frame = 0;
        self.pending.clear();
        self.figures = FrameFigures::default();
        Ok(())
    }

    /// Sets the theme named in the inbox for the apps started from now on.
    pub fn set_theme(&mut self) -> Result<(), String> {
        let name = self.inbox_text()?;
        self.theme = theme_named(name).ok_or_else(|| {
            format!(
                "no theme is called `{name}`: {}",
                sprig_sim::present::THEME_NAMES.join(", ")
            )
        })?;
        Ok(())
    }

    /// Reads the inbox as a replay file (the simulator's `--record` format) and plays it
    /// from the next frame on, the page's time and input then ignored; an empty inbox
    /// goes back to live input. Returns the replay's frame count; a file that does not
    /// read is an `Err` that changes nothing.
    pub fn load_replay(&mut self) -> Result<usize, String> {
        let text = self.inbox_text()?;
        if text.trim().is_empty() {
            self.replay = None;
            return Ok(0);
        }
        let recording = Recording::parse(text)?;
        let frames = recording.frames.len();
        self.replay = Some(recording);
        Ok(frames)
    }

    /// Queues a touch for the next live frame: `phase` numbered as [`touch_phase`] reads
    /// it, `x` and `y` in panel pixels from the top-left corner.
    pub fn touch(&mut self, id: u8, phase: u32, x: f32, y: f32) -> Result<(), String> {
        let phase =
            touch_phase(phase).ok_or_else(|| format!("no touch phase is numbered {phase}"))?;
        if !(x.is_finite() && y.is_finite()) {
            return Err("a touch point is not finite".into());
        }
        self.pending.push(InputRecord::Touch { id, phase, x, y });
        Ok(())
    }

    /// Queues the key whose `KeyboardEvent.code` is in the inbox for the next live frame;
    /// `false` (nothing queued) when it is not one of the board's keys.
    pub fn key(&mut self, pressed: bool) -> bool {
        let Some(key) = self.inbox_text().ok().and_then(key_for_code) else {
            return false;
        };
        self.pending.push(InputRecord::Key { key, pressed });
        true
    }

    /// Runs the next frame: the replay's when one is loaded (`dt_seconds` ignored), else
    /// the queued input with `dt_seconds`. An `Err` (no app, a world refusing an event)
    /// is the sentence the page shows.
    pub fn frame(&mut self, dt_seconds: f32) -> Result<Step, String> {
        let app = self.app.as_mut().ok_or("no app is running")?;
        let input = match &self.replay {
            Some(replay) => match replay.frames.get(self.frame as usize) {
                Some(input) => input.clone(),
                None => return Ok(Step::ReplayEnded),
            },
            None => FrameInput {
                dt: if dt_seconds.is_finite() {
                    dt_seconds.clamp(0.0, 0.1)
                } else {
                    0.0
                },
                events: core::mem::take(&mut self.pending),
            },
        };
        app.clear_rects();
        self.figures = app
            .frame(&input)
            .map_err(|e| format!("frame {}: {e}", self.frame))?;
        self.frame += 1;
        Ok(Step::Ran(app.rects().len()))
    }

    /// The app running, if any.
    pub fn app(&self) -> Option<&dyn App> {
        self.app.as_deref()
    }

    /// Frames run since the app started.
    pub fn frames(&self) -> u32 {
        self.frame
    }

    /// The last frame's figures.
    pub fn figures(&self) -> FrameFigures {
        self.figures
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::Session;
    use embedded_graphics::pixelcolor::{Gray4, GrayColor, Rgb888};
    use embedded_graphics::prelude::Size;
    use sprig::render::{damage::BusCost, Renderer};
    use sprig_examples::hello::{build, HelloWorld};

    fn apps(name: &str, theme: BinaryColorTheme) -> Option<Box<dyn App>> {
        if name != "hello" {
            return None;
        }
        let size = Size::new(128, 64);
        let mut world = Box::new(HelloWorld::new());
        build(&mut world).ok()?;
        let renderer: Box<Renderer<Gray4, 8, 1024>> = Box::new(Renderer::new(
            size,
            Rgb888::new(0, 0, 0),
            BusCost::GRAY4_SSD0323,
        ));
        Some(Box::new(Session::new(
            world,
            renderer,
            size,
            Gray4::BLACK,
            theme,
        )))
    }

    fn send(host: &mut Host, text: &str) {
        host.inbox = text.as_bytes().to_vec();
    }

    #[test]
    fn an_unknown_app_or_theme_is_refused_and_changes_nothing() {
        let mut host = Host::default();
        send(&mut host, "nope");
        assert_eq!(host.start(apps), Err("no app is called `nope`".into()));
        assert!(host.app().is_none());
        assert_eq!(host.frame(0.1), Err("no app is running".into()));
        assert!(host
            .set_theme()
            .unwrap_err()
            .starts_with("no theme is called `nope`"));
        send(&mut host, "hello");
        assert_eq!(host.start(apps), Ok(()));
        assert_eq!(host.app().map(|a| a.size()), Some(Size::new(128, 64)));
    }

    #[test]
    fn a_replay_plays_its_frames_then_ends_and_a_bad_one_changes_nothing() {
        let mut host = Host::default();
        send(&mut host, "frame 0.1\nframe 0.2\n");
        assert_eq!(host.load_replay(), Ok(2));
        send(&mut host, "frame 0.1\nkey q 1\n");
        assert!(host
            .load_replay()
            .unwrap_err()
            .starts_with("line 2, `key q 1`"));
        send(&mut host, "hello");
        host.start(apps).unwrap();
        // The first frame draws the whole panel, in one rectangle or more.
        assert!(matches!(host.frame(0.0), Ok(Step::Ran(n)) if n > 0));
        assert_eq!(host.frames(), 1);
        assert!(matches!(host.frame(0.0), Ok(Step::Ran(_))));
        assert_eq!(host.frame(0.0), Ok(Step::ReplayEnded));
        assert_eq!(host.frames(), 2);
        send(&mut host, "");
        assert_eq!(host.load_replay(), Ok(0));
        assert!(matches!(host.frame(0.03), Ok(Step::Ran(_))));
        assert_eq!(host.frames(), 3);
    }

    #[test]
    fn live_input_is_queued_for_the_next_frame_and_bad_input_refused() {
        let mut host = Host::default();
        send(&mut host, "ArrowLeft");
        assert!(host.key(true));
        send(&mut host, "KeyQ");
        assert!(!host.key(true));
        assert_eq!(host.touch(0, 0, 3.0, 4.0), Ok(()));
        assert!(host.touch(0, 9, 3.0, 4.0).is_err());
        assert!(host.touch(0, 1, f32::NAN, 4.0).is_err());
        assert_eq!(
            host.pending,
            vec![
                InputRecord::Key {
                    key: sprig::Key::Left,
                    pressed: true
                },
                InputRecord::Touch {
                    id: 0,
                    phase: sprig::TouchPhase::Down,
                    x: 3.0,
                    y: 4.0
                },
            ]
        );
        send(&mut host, "hello");
        host.start(apps).unwrap();
        // Starting an app forgets input meant for the one before.
        assert!(host.pending.is_empty());
        send(&mut host, "ArrowRight");
        assert!(host.key(true));
        host.frame(0.03).unwrap();
        assert!(host.pending.is_empty());
    }
}
