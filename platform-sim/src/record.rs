//! Record and replay: the input events and the time step of every frame, in a small
//! text file, so a run can be reproduced bit for bit.
//!
//! One line per frame, `frame DT`, followed by one line per event of that frame:
//! `touch ID PHASE X Y` (screen pixels, phases `down move up cancel`) or
//! `key KEY 1|0` (keys `up down left right a b start select` or a number). Floats are
//! written in Rust's shortest round-trip form, so replaying reads back exactly the
//! values that were recorded.

use std::fmt::Write as _;

use sprig::{Dispatch, Error, Key, TouchPhase, Vec2, World};

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
        for event in &self.events {
            match *event {
                InputRecord::Touch { id, phase, x, y } => {
                    world.touch(id, phase, Vec2::new(x, y), screen_height)?;
                }
                InputRecord::Key { key, pressed } => world.key(key, pressed)?,
            }
        }
        world.tick(self.dt)
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

    /// Reads a recording; an error names the line that could not be read.
    pub fn parse(text: &str) -> Result<Recording, String> {
        let mut frames: Vec<FrameInput> = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let bad = || format!("line {}: cannot read {line:?}", n + 1);
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                [] => {}
                ["frame", dt] => frames.push(FrameInput {
                    dt: dt.parse().map_err(|_| bad())?,
                    events: Vec::new(),
                }),
                ["touch", id, phase, x, y] => {
                    let phase = match *phase {
                        "down" => TouchPhase::Down,
                        "move" => TouchPhase::Move,
                        "up" => TouchPhase::Up,
                        "cancel" => TouchPhase::Cancel,
                        _ => return Err(bad()),
                    };
                    let event = InputRecord::Touch {
                        id: id.parse().map_err(|_| bad())?,
                        phase,
                        x: x.parse().map_err(|_| bad())?,
                        y: y.parse().map_err(|_| bad())?,
                    };
                    frames.last_mut().ok_or_else(bad)?.events.push(event);
                }
                ["key", key, pressed] => {
                    let event = InputRecord::Key {
                        key: parse_key(key).ok_or_else(bad)?,
                        pressed: match *pressed {
                            "1" => true,
                            "0" => false,
                            _ => return Err(bad()),
                        },
                    };
                    frames.last_mut().ok_or_else(bad)?.events.push(event);
                }
                _ => return Err(bad()),
            }
        }
        Ok(Recording { frames })
    }
}
