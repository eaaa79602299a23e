//! Input sources: what the runner polls before each frame.

use embedded_hal::digital::InputPin;
use heapless::Vec;
use sprig::{Key, TouchPhase, Vec2};

/// The most events one poll can report.
pub const MAX_EVENTS: usize = 8;

/// The events of one poll: at most [`MAX_EVENTS`]. A push beyond that is refused and
/// counted (a flood of input never stalls a frame or grows memory); the source keeps
/// such an event for the next poll or drops it.
#[derive(Clone, Debug, Default)]
pub struct Events {
    list: Vec<InputEvent, MAX_EVENTS>,
    overflowed: u32,
}

impl Events {
    /// No events.
    pub const fn new() -> Self {
        Events {
            list: Vec::new(),
            overflowed: 0,
        }
    }

    /// Adds an event; `Err` with the event when the poll is full (counted).
    pub fn push(&mut self, event: InputEvent) -> Result<(), InputEvent> {
        self.list.push(event).inspect_err(|_| {
            self.overflowed = self.overflowed.saturating_add(1);
        })
    }

    /// The events, in the order they were pushed.
    pub fn as_slice(&self) -> &[InputEvent] {
        &self.list
    }

    /// The events, in the order they were pushed.
    pub fn iter(&self) -> core::slice::Iter<'_, InputEvent> {
        self.list.iter()
    }

    /// How many events this poll holds.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether this poll holds no event.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Pushes refused because the poll was full.
    pub fn overflowed(&self) -> u32 {
        self.overflowed
    }
}

impl<'a> IntoIterator for &'a Events {
    type Item = &'a InputEvent;
    type IntoIter = core::slice::Iter<'a, InputEvent>;

    fn into_iter(self) -> Self::IntoIter {
        self.list.iter()
    }
}

/// One input event, in screen coordinates (origin top-left, y down) for touches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum InputEvent {
    /// A key or button went down (`pressed`) or up.
    Key {
        /// Which key.
        key: Key,
        /// Pressed or released.
        pressed: bool,
    },
    /// A touch.
    Touch {
        /// The touch's identifier.
        id: u8,
        /// Down, move, up or cancel.
        phase: TouchPhase,
        /// Screen point in pixels.
        at: Vec2,
    },
}

/// Something the runner polls once per frame for events.
pub trait InputSource {
    /// Pushes the events since the last poll into `events` (at most [`MAX_EVENTS`]; a
    /// source keeps the rest for the next poll or drops them).
    fn poll(&mut self, events: &mut Events);
}

/// No input at all.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoInput;

impl InputSource for NoInput {
    fn poll(&mut self, _events: &mut Events) {}
}

/// Push buttons on GPIO pins, each mapped to a [`Key`]; reports a key event when a
/// button's level changes between polls (the frame period debounces them).
pub struct Buttons<P, const N: usize> {
    buttons: [(Key, P); N],
    down: [bool; N],
    active_low: bool,
}

impl<P: InputPin, const N: usize> Buttons<P, N> {
    /// Buttons that read low when pressed (to ground, with a pull-up): the usual wiring.
    pub fn active_low(buttons: [(Key, P); N]) -> Self {
        Buttons {
            buttons,
            down: [false; N],
            active_low: true,
        }
    }

    /// Buttons that read high when pressed.
    pub fn active_high(buttons: [(Key, P); N]) -> Self {
        Buttons {
            buttons,
            down: [false; N],
            active_low: false,
        }
    }
}

impl<P: InputPin, const N: usize> InputSource for Buttons<P, N> {
    /// A pin that fails to read counts as released.
    fn poll(&mut self, events: &mut Events) {
        for ((key, pin), down) in self.buttons.iter_mut().zip(self.down.iter_mut()) {
            let level = if self.active_low {
                pin.is_low()
            } else {
                pin.is_high()
            };
            let now = level.unwrap_or(false);
            if now != *down
                && events
                    .push(InputEvent::Key {
                        key: *key,
                        pressed: now,
                    })
                    .is_ok()
            {
                *down = now;
            }
        }
    }
}
