//! Record and replay: the input events and the time step of every frame, in a small
//! text file, so a run can be reproduced bit for bit.
//!
//! One line per frame, `frame DT`, followed by one line per event of that frame:
//! `touch ID PHASE X Y` (screen pixels, phases `down move up cancel`) or
//! `key KEY 1|0` (keys `up down left right a b start select` or a number). Floats are
//! written in Rust's shortest round-trip form, so replaying reads back exactly the
//! values that were recorded.

use std::fmt::Write as _;

use sprig::{Dispatch, Error, Key, TouchPhase, Vec2, World, MAX_TOUCHES};

/// One input event as recorded.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum InputRecord {
    /// A touch at a screen point.
    Touch {
        /// Touch identifier.
        id: u8,
        /// Down, move, up or cancel.
        phase: TouchPhase,
        /// Screen x (pixels, from the left).
        x: f32,
        /// Screen y (pixels, from the top).
        y: f32,
    },
    /// A key or button.
    Key {
        /// Which.
        key: Key,
        /// Pressed or released.
        pressed: bool,
    },
}

/// One frame: its time step and the events fed before it ran.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FrameInput {
    /// Seconds.
    pub dt: f32,
    /// Events, in the order they happened.
    pub events: Vec<InputRecord>,
}

impl FrameInput {
    /// Feeds the events to `world`, then runs the frame.
    pub fn apply<
        S,
        const N: usize,
        const C: usize,
        const TM: usize,
        const E: usize,
        const TR: usize,
        const LS: usize,
    >(
        &self,
        world: &mut World<S, N, C, TM, E, TR, LS>,
        screen_height: f32,
    ) -> Result<(), Error>
    where
        S: Dispatch,
    {
        self.apply_each(world, screen_height)
            .map_err(|(_, error)| error)
    }

    /// [`apply`](Self::apply), telling which event was refused (`None`: the frame).
    pub(crate) fn apply_each<
        S,
        const N: usize,
        const C: usize,
        const TM: usize,
        const E: usize,
        const TR: usize,
        const LS: usize,
    >(
        &self,
        world: &mut World<S, N, C, TM, E, TR, LS>,
        screen_height: f32,
    ) -> Result<(), (Option<usize>, Error)>
    where
        S: Dispatch,
    {
        for (index, event) in self.events.iter().enumerate() {
            let fed = match *event {
                InputRecord::Touch { id, phase, x, y } => world
                    .touch(id, phase, Vec2::new(x, y), screen_height)
                    .map(|_| ()),
                InputRecord::Key { key, pressed } => world.key(key, pressed),
            };
            fed.map_err(|error| (Some(index), error))?;
        }
        world.tick(self.dt).map_err(|error| (None, error))
    }
}

/// Why the world refused `event` (`None`: the frame itself), as a sentence.
#[cfg_attr(not(feature = "desktop"), allow(dead_code))]
pub(crate) fn refusal(event: Option<&InputRecord>, error: Error) -> String {
    match (event, error) {
        (
            Some(InputRecord::Touch {
                phase: TouchPhase::Down,
                ..
            }),
            Error::QueueFull,
        ) => format!(
            "a touch going down while {MAX_TOUCHES} others are down, the most the world follows"
        ),
        _ => error.to_string(),
    }
}

/// A whole run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Recording {
    /// Every frame, in order.
    pub frames: Vec<FrameInput>,
}

fn phase_name(phase: TouchPhase) -> &'static str {
    match phase {
        TouchPhase::Down => "down",
        TouchPhase::Move => "move",
        TouchPhase::Up => "up",
        TouchPhase::Cancel => "cancel",
    }
}

fn key_name(key: Key) -> String {
    match key {
        Key::Up => "up".into(),
        Key::Down => "down".into(),
        Key::Left => "left".into(),
        Key::Right => "right".into(),
        Key::A => "a".into(),
        Key::B => "b".into(),
        Key::Start => "start".into(),
        Key::Select => "select".into(),
        Key::Other(n) => n.to_string(),
    }
}

fn parse_key(s: &str) -> Option<Key> {
    Some(match s {
        "up" => Key::Up,
        "down" => Key::Down,
        "left" => Key::Left,
        "right" => Key::Right,
        "a" => Key::A,
        "b" => Key::B,
        "start" => Key::Start,
        "select" => Key::Select,
        n => Key::Other(n.parse().ok()?),
    })
}

impl Recording {
    /// The recording as text.
    ///
    /// ```
    /// use sprig_sim::{FrameInput, InputRecord, Recording};
    /// let r = Recording {
    ///     frames: vec![FrameInput {
    ///         dt: 0.1,
    ///         events: vec![InputRecord::Key { key: sprig::Key::A, pressed: true }],
    ///     }],
    /// };
    /// assert_eq!(r.to_text(), "frame 0.1\nkey a 1\n");
    /// assert_eq!(Recording::parse(&r.to_text()), Ok(r));
    /// ```
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for frame in &self.frames {
            let _ = writeln!(out, "frame {:?}", frame.dt);
            for event in &frame.events {
                let _ = match *event {
                    InputRecord::Touch { id, phase, x, y } => {
                        writeln!(out, "touch {id} {} {x:?} {y:?}", phase_name(phase))
                    }
                    InputRecord::Key { key, pressed } => {
                        writeln!(out, "key {} {}", key_name(key), u8::from(pressed))
                    }
                };
            }
        }
        out
    }

    /// Reads a recording. An error names the line and says what is wrong with it: a
    /// word that is not `frame`, `touch` or `key`, a missing or extra value, a number
    /// that does not read, a time step that is negative or not finite (a NaN, an
    /// infinity), a touch point that is not finite, an event before the first frame.
    ///
    /// ```
    /// use sprig_sim::Recording;
    ///
    /// assert_eq!(
    ///     Recording::parse("frame 0.1\nframe NaN\n"),
    ///     Err("line 2, `frame NaN`: the time step `NaN` is not a finite number of seconds, 0 or more".to_owned())
    /// );
    /// ```
    pub fn parse(text: &str) -> Result<Recording, String> {
        parse_with_lines(text).map(|(recording, _)| recording)
    }
}

/// Where each frame of a recording was read: its `frame` line and its events' lines,
/// numbered from 1, so that an error met while replaying it can name its line.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct FrameLines {
    pub(crate) frame: usize,
    pub(crate) events: Vec<usize>,
}

/// [`Recording::parse`], also telling where each frame was read.
pub(crate) fn parse_with_lines(text: &str) -> Result<(Recording, Vec<FrameLines>), String> {
    let mut frames: Vec<FrameInput> = Vec::new();
    let mut lines: Vec<FrameLines> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let number = n + 1;
        let words: Vec<&str> = line.split_whitespace().collect();
        let read = read_line(&words)
            .map_err(|cause| format!("line {number}, `{}`: {cause}", line.trim()))?;
        match read {
            None => {}
            Some(Line::Frame(dt)) => {
                frames.push(FrameInput {
                    dt,
                    events: Vec::new(),
                });
                lines.push(FrameLines {
                    frame: number,
                    events: Vec::new(),
                });
            }
            Some(Line::Event(event)) => match (frames.last_mut(), lines.last_mut()) {
                (Some(frame), Some(at)) => {
                    frame.events.push(event);
                    at.events.push(number);
                }
                _ => {
                    return Err(format!(
                        "line {number}, `{}`: an event before the first `frame` line",
                        line.trim()
                    ))
                }
            },
        }
    }
    Ok((Recording { frames }, lines))
}

/// One line of a recording, read.
enum Line {
    Frame(f32),
    Event(InputRecord),
}

/// Reads one line's words: `None` for a blank line, else what it holds, or why it
/// cannot be read.
fn read_line(words: &[&str]) -> Result<Option<Line>, String> {
    Ok(Some(match words {
        [] => return Ok(None),
        ["frame", dt] => {
            let dt: f32 = dt
                .parse()
                .map_err(|_| format!("the time step `{dt}` is not a number"))?;
            if !(dt.is_finite() && dt >= 0.0) {
                return Err(format!(
                    "the time step `{dt}` is not a finite number of seconds, 0 or more"
                ));
            }
            Line::Frame(dt)
        }
        ["frame", ..] => return Err("`frame` takes one value, the time step in seconds".into()),
        ["touch", id, phase, x, y] => {
            let id = id
                .parse()
                .map_err(|_| format!("the touch id `{id}` is not a whole number from 0 to 255"))?;
            let phase = match *phase {
                "down" => TouchPhase::Down,
                "move" => TouchPhase::Move,
                "up" => TouchPhase::Up,
                "cancel" => TouchPhase::Cancel,
                other => {
                    return Err(format!(
                        "the phase `{other}` is not `down`, `move`, `up` or `cancel`"
                    ))
                }
            };
            let coordinate = |name: &str, word: &str| -> Result<f32, String> {
                let value: f32 = word
                    .parse()
                    .map_err(|_| format!("the touch's {name} `{word}` is not a number"))?;
                if value.is_finite() {
                    Ok(value)
                } else {
                    Err(format!("the touch's {name} `{word}` is not finite"))
                }
            };
            Line::Event(InputRecord::Touch {
                id,
                phase,
                x: coordinate("x", x)?,
                y: coordinate("y", y)?,
            })
        }
        ["touch", ..] => {
            return Err("`touch` takes four values: ID PHASE X Y".into());
        }
        ["key", key, pressed] => Line::Event(InputRecord::Key {
            key: parse_key(key).ok_or_else(|| {
                format!(
                    "the key `{key}` is not `up`, `down`, `left`, `right`, `a`, `b`, `start`, \
                     `select` or a number from 0 to 255"
                )
            })?,
            pressed: match *pressed {
                "1" => true,
                "0" => false,
                other => {
                    return Err(format!("`{other}` is not 1 (pressed) or 0 (released)"));
                }
            },
        }),
        ["key", ..] => return Err("`key` takes two values: KEY 1|0".into()),
        [other, ..] => return Err(format!("`{other}` is not `frame`, `touch` or `key`")),
    }))
}
