//! [`ScreenError`]: why a [`ScreenStack`](crate::ScreenStack) operation was refused.

use core::fmt;

use sprig::Error;

/// Why `push`, `pop`, `replace` or `finish` was refused. Every one leaves the world and
/// the stack as they were. It converts into the core's [`Error`] (so `?` works in a
/// hook): `Full` as [`Error::QueueFull`], `Busy` as [`Error::ComponentBusy`], `Bottom` and
/// `NoTravel` as [`Error::InvalidValue`], `World(e)` as `e`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScreenError {
    /// The stack holds its capacity of screens already (`push`).
    Full {
        /// How many screens the stack holds.
        capacity: u16,
    },
    /// A transition is running (end it at once with `finish`, or wait for it), or the
    /// call came from a hook that a stack operation is running (a screen's `on_enable`
    /// calling `push`).
    Busy,
    /// `pop` with one screen or none on the stack: the bottom screen is replaced, never
    /// popped.
    Bottom,
    /// A slide or cover on a host of zero width (`Left`, `Right`) or height (`Up`,
    /// `Down`): the host's content size is the distance the screens travel.
    NoTravel,
    /// What the world refused: a stale handle ([`Error::StaleHandle`]), a handle to
    /// another type, an arena full while instantiating the screen or adding its tween,
    /// a type missing from the world's set ([`Error::NotInSet`]: the stack needs
    /// `Tween` and `BlockInput`), a bad duration ([`Error::InvalidValue`]).
    World(Error),
}

impl From<Error> for ScreenError {
    fn from(error: Error) -> Self {
        ScreenError::World(error)
    }
}

impl From<ScreenError> for Error {
    fn from(error: ScreenError) -> Self {
        match error {
            ScreenError::Full { .. } => Error::QueueFull,
            ScreenError::Busy => Error::ComponentBusy,
            ScreenError::Bottom | ScreenError::NoTravel => Error::InvalidValue,
            ScreenError::World(error) => error,
        }
    }
}

impl fmt::Display for ScreenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScreenError::Full { capacity } => {
                write!(f, "screen stack full: it holds {capacity} screens")
            }
            ScreenError::Busy => f.write_str(
                "a screen transition is running (call finish first) or a stack operation is under way",
            ),
            ScreenError::Bottom => f.write_str("pop needs a screen below the top one"),
            ScreenError::NoTravel => f.write_str(
                "a slide or cover needs a host with a content size along its direction",
            ),
            ScreenError::World(error) => write!(f, "{error}"),
        }
    }
}
