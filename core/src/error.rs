//! The one error type of the public API. Every `Err` leaves the world exactly as it was.

use core::fmt;

/// What went wrong in a world operation. The world is unchanged whenever one is returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum Error {
    /// The handle names a node or component that was destroyed (its slot may since have been reused).
    StaleHandle,
    /// The node arena has no free slot; the capacity is the `NODES` parameter of `World`.
    NodeArenaFull {
        /// The arena's capacity, the root included.
        capacity: u16,
    },
    /// A node name longer than [`MAX_NAME_LEN`](crate::MAX_NAME_LEN) bytes.
    NameTooLong {
        /// Length of the rejected name, in bytes.
        len: u16,
        /// The longest name accepted, in bytes.
        max: u16,
    },
    /// The change would make a node its own ancestor.
    Cycle,
    /// The operation makes no sense on the root (scene) node: reparenting, reordering,
    /// deactivating or destroying it.
    RootNode,
    /// `add_child` with a child that already has a parent (use `set_parent` to move it).
    AlreadyHasParent,
    /// The node has no parent, so it has no sibling order to change.
    NoParent,
    /// `remove_child` with a node that is not a child of the given parent.
    NotAChild,
    /// The node was marked for destruction this frame and cannot be brought back to life.
    PendingDestroy,
    /// A deactivation or destruction is walking this part of the tree (called from a
    /// hook it runs): the nodes it is inside keep their place and their children until it
    /// finishes, and a node being deactivated cannot be reactivated.
    HierarchyLocked,
    /// The component arena has no free slot; the capacity is the `COMPONENTS` parameter.
    ComponentArenaFull {
        /// The arena's capacity.
        capacity: u16,
    },
    /// The timer table has no free slot; the capacity is the `TIMERS` parameter.
    TimerTableFull {
        /// The table's capacity.
        capacity: u16,
    },
    /// The listener table has no free entry; the capacity is the `LISTENERS` parameter
    /// (`listeners:` in `world!`).
    ListenerTableFull {
        /// The table's capacity.
        capacity: u16,
    },
    /// Every system slot is taken ([`MAX_SYSTEMS`](crate::MAX_SYSTEMS)).
    SystemTableFull {
        /// How many systems a world holds.
        capacity: u16,
    },
    /// `on` / `on_capture` for a component type that has no `on_event` hook.
    NoEventHook,
    /// An event emitted from `on_event`s nested [`MAX_EVENT_DEPTH`](crate::MAX_EVENT_DEPTH)
    /// deep already.
    EventTooDeep,
    /// An internal queue (activation entries, nested activations, destroy list) is full.
    QueueFull,
    /// The component is not of the type asked for.
    WrongComponentType,
    /// The component's own hook is running: its data is lent to that hook as `&mut self`
    /// and cannot be reached through the world at the same time.
    ComponentBusy,
    /// The component type is not in the world's component set.
    NotInSet,
    /// `schedule` for a component type that has no `on_timer` hook.
    NoTimerHook,
    /// Only direct children of the root can be persistent.
    NotRootChild,
    /// `tick`, `end_frame`, `switch_scene` or input called from inside a hook, a
    /// system, or the build closure of a `switch_scene`.
    Reentrant,
    /// A transform value that is not finite, or a negative content size.
    InvalidValue,
    /// The node's world transform is singular (a zero scale on it or an ancestor), so a
    /// world point has no position in its space.
    SingularTransform,
    /// `set_focus` on a node that is not focusable or not active in the hierarchy.
    NotFocusable,
    /// `instantiate` of a subtree holding a component whose type does not implement
    /// `Clone`.
    NotCloneable,
    /// A text longer than the label's capacity (its `N` parameter, in bytes).
    TextTooLong {
        /// Length of the rejected text, in bytes.
        len: u16,
        /// The label's capacity, in bytes.
        capacity: u16,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::StaleHandle => f.write_str("stale handle: the node or component was destroyed"),
            Error::NodeArenaFull { capacity } => {
                write!(f, "node arena full: all {capacity} slots are in use")
            }
            Error::NameTooLong { len, max } => {
                write!(f, "node name too long: {len} bytes, at most {max} allowed")
            }
            Error::Cycle => f.write_str("a node cannot become its own ancestor"),
            Error::RootNode => f.write_str("operation not allowed on the root node"),
            Error::AlreadyHasParent => {
                f.write_str("the child already has a parent; use set_parent to move it")
            }
            Error::NoParent => f.write_str("the node has no parent"),
            Error::NotAChild => f.write_str("the node is not a child of that parent"),
            Error::PendingDestroy => f.write_str("the node is marked for destruction"),
            Error::HierarchyLocked => f.write_str(
                "a deactivation or destruction is walking this part of the tree; it cannot change now",
            ),
            Error::ComponentArenaFull { capacity } => {
                write!(f, "component arena full: all {capacity} slots are in use")
            }
            Error::TimerTableFull { capacity } => {
                write!(f, "timer table full: all {capacity} timers are in use")
            }
            Error::ListenerTableFull { capacity } => {
                write!(f, "listener table full: all {capacity} entries are in use")
            }
            Error::SystemTableFull { capacity } => {
                write!(f, "system table full: all {capacity} systems are registered")
            }
            Error::NoEventHook => f.write_str("the component type has no on_event hook"),
            Error::EventTooDeep => f.write_str("events nested too deep"),
            Error::QueueFull => f.write_str("an internal lifecycle queue is full"),
            Error::WrongComponentType => f.write_str("the component is of another type"),
            Error::ComponentBusy => f.write_str(
                "the component's hook is running; inside it the component is `self`",
            ),
            Error::NotInSet => f.write_str("the component type is not in the world's component set"),
            Error::NoTimerHook => f.write_str("the component type has no on_timer hook"),
            Error::NotRootChild => f.write_str("only direct children of the root can be persistent"),
            Error::Reentrant => f.write_str("tick, end_frame and switch_scene cannot be called from a hook"),
            Error::InvalidValue => {
                f.write_str("invalid value: not finite, or a negative content size")
            }
            Error::SingularTransform => {
                f.write_str("the node's world transform is singular (zero scale)")
            }
            Error::NotFocusable => f.write_str(
                "the node cannot take the focus: it is not focusable or not active in the hierarchy",
            ),
            Error::NotCloneable => f.write_str(
                "the subtree holds a component whose type does not implement Clone, so it cannot be instantiated",
            ),
            Error::TextTooLong { len, capacity } => {
                write!(f, "text too long: {len} bytes, the label holds {capacity}")
            }
        }
    }
}

impl core::error::Error for Error {}
