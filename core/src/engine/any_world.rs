//! [`AnyWorld`]: the world API as a trait, so that a component's hooks are written once
//! for every app's world, whatever its component set and capacities.
//!
//! Every method forwards to the [`World`] method of the same name, which holds the
//! mechanism and its documentation; the list below only says which of them a hook can
//! reach through its [`Ctx`](crate::Ctx).

use crate::{
    Affine2, Comp, CompId, Component, Dispatch, Error, Hook, NodeEvent, NodeGeometry, NodeId,
    PhaseTimes, Rect, Size2, TouchEvent, TraceEntry, Vec2, World,
};

macro_rules! any_world {
    (
        $( $kind:ident fn $name:ident( $( $arg:ident : $ty:ty ),* ) $( -> $ret:ty )?; )*
    ) => {
        /// The world API a hook reaches through its [`Ctx`](crate::Ctx), for every
        /// world: components written against it (`impl Hooks for Tween`, with hooks
        /// taking `ctx: &mut Ctx<impl AnyWorld>`) work in any app, and can live in a
        /// crate of their own.
        ///
        /// Each method is the [`World`] method of the same name; see there for what it
        /// does and which errors it returns. Typed access to components (`get`,
        /// `get_mut`, `component_of`, `add_component`) checks the type at run time: a
        /// type the app's set does not hold is [`Error::WrongComponentType`] or
        /// [`Error::NotInSet`].
        pub trait AnyWorld: 'static {
            $( any_world!(@sig $kind $name ( $( $arg : $ty ),* ) $( -> $ret )?); )*

            /// The node's children in sibling order; see [`World::children`].
            fn children(&self, node: NodeId) -> Result<impl Iterator<Item = NodeId> + '_, Error>;
            /// The node's components in the order they were added; see
            /// [`World::components`].
            fn components(&self, node: NodeId)
                -> Result<impl Iterator<Item = CompId> + '_, Error>;
            /// The component's data as a `T`; see [`World::get`].
            fn get<T: Component>(&self, comp: CompId) -> Result<&T, Error>;
            /// The component's data as a mutable `T`; see [`World::get_mut`].
            fn get_mut<T: Component>(&mut self, comp: CompId) -> Result<&mut T, Error>;
            /// The node's first component of type `T`; see [`World::component_of`].
            fn component_of<T: Component>(&self, node: NodeId) -> Result<Option<CompId>, Error>;
            /// The component a typed handle points to (one `scene!` made); see
            /// [`World::comp`]. In a hook, `ctx.comp(handle)`.
            fn comp<T: Component>(&self, comp: Comp<T>) -> Result<&T, Error> {
                self.get::<T>(comp.id())
            }
            /// The component a typed handle points to, mutable; see [`World::comp_mut`].
            /// In a hook, `ctx.comp_mut(handle)`. It goes through
            /// [`get_mut`](Self::get_mut), so a drawable reached this way is redrawn.
            fn comp_mut<T: Component>(&mut self, comp: Comp<T>) -> Result<&mut T, Error> {
                self.get_mut::<T>(comp.id())
            }
            /// The first `T` below the node; see [`World::component_in_children`].
            fn component_in_children<T: Component>(&self, node: NodeId)
                -> Result<Option<CompId>, Error>;
            /// Every `T` on the node and below it; see [`World::components_in_children`].
            fn components_in_children<T: Component>(&self, node: NodeId)
                -> Result<impl Iterator<Item = CompId> + '_, Error>;
            /// The first `T` on the node or its nearest ancestor; see
            /// [`World::component_in_parent`].
            fn component_in_parent<T: Component>(&self, node: NodeId)
                -> Result<Option<CompId>, Error>;
            /// Adds a component of a type in the app's set; see [`World::add_component`].
            fn add_component<T: Component>(&mut self, node: NodeId, component: T)
                -> Result<CompId, Error>;
            /// The focusable active nodes below `scope`, in tree order; see
            /// [`World::focusables`].
            fn focusables(&self, scope: NodeId)
                -> Result<impl Iterator<Item = NodeId> + '_, Error>;
            /// The traced hook calls still in the ring, oldest first; see [`World::trace`].
            fn trace(&self) -> impl Iterator<Item = &TraceEntry> + '_;
            /// Registers `listener` for events of type `T` on `node`; see [`World::on`].
            fn on<T: 'static>(&mut self, listener: CompId, node: NodeId) -> Result<(), Error>;
            /// Registers `listener` for events of type `T` on `node` in the capturing
            /// phase; see [`World::on_capture`].
            fn on_capture<T: 'static>(&mut self, listener: CompId, node: NodeId)
                -> Result<(), Error>;
            /// Removes a registration of [`on`](Self::on); see [`World::off`].
            fn off<T: 'static>(&mut self, listener: CompId, node: NodeId) -> Result<bool, Error>;
            /// Removes a registration of [`on_capture`](Self::on_capture); see
            /// [`World::off_capture`].
            fn off_capture<T: 'static>(&mut self, listener: CompId, node: NodeId)
                -> Result<bool, Error>;
            /// Delivers an event to `node`'s listeners only; see [`World::emit`].
            fn emit<T: 'static>(&mut self, node: NodeId, payload: &T) -> Result<usize, Error>;
            /// Dispatches an event through capture, target and bubbling; see
            /// [`World::dispatch_event`].
            fn dispatch_event<T: 'static>(&mut self, node: NodeId, payload: &T)
                -> Result<usize, Error>;
            /// Builds a subtree detached and attaches it under `parent`, all or nothing
            /// (what `scene!`'s `instantiate` calls); see [`World::instantiate_with`].
            fn instantiate_with<R>(
                &mut self,
                parent: NodeId,
                name: &str,
                build: impl FnOnce(&mut Self, NodeId) -> Result<R, Error>,
            ) -> Result<(NodeId, R), Error>
            where
                Self: Sized;
            /// A detached copy of a live subtree (Cocos `cc.instantiate(node)`); see
            /// [`World::instantiate`].
            fn instantiate(&mut self, original: NodeId) -> Result<NodeId, Error>;
            /// The handle of the component in slot `index` (what `Ctx::comp_id` answers).
            #[doc(hidden)]
            fn comp_of_slot(&self, index: u16) -> CompId;
            /// The node of the component in slot `index` (what `Ctx::node` answers).
            #[doc(hidden)]
            fn node_of_slot(&self, index: u16) -> NodeId;
        }

        impl<S, const N: usize, const C: usize, const TM: usize, const E: usize, const TR: usize, const LS: usize>
            AnyWorld for World<S, N, C, TM, E, TR, LS>
        where
            S: Dispatch,
        {
            $( any_world!(@fwd $kind $name ( $( $arg : $ty ),* ) $( -> $ret )?); )*

            fn children(&self, node: NodeId) -> Result<impl Iterator<Item = NodeId> + '_, Error> {
                World::children(self, node)
            }

            fn components(&self, node: NodeId)
                -> Result<impl Iterator<Item = CompId> + '_, Error> {
                World::components(self, node)
            }

            fn get<T: Component>(&self, comp: CompId) -> Result<&T, Error> {
                World::get(self, comp)
            }

            fn get_mut<T: Component>(&mut self, comp: CompId) -> Result<&mut T, Error> {
                World::get_mut(self, comp)
            }

            fn component_of<T: Component>(&self, node: NodeId) -> Result<Option<CompId>, Error> {
                World::component_of::<T>(self, node)
            }

            fn component_in_children<T: Component>(&self, node: NodeId)
                -> Result<Option<CompId>, Error> {
                World::component_in_children::<T>(self, node)
            }

            fn components_in_children<T: Component>(&self, node: NodeId)
                -> Result<impl Iterator<Item = CompId> + '_, Error> {
                World::components_in_children::<T>(self, node)
            }

            fn component_in_parent<T: Component>(&self, node: NodeId)
                -> Result<Option<CompId>, Error> {
                World::component_in_parent::<T>(self, node)
            }

            fn add_component<T: Component>(&mut self, node: NodeId, component: T)
                -> Result<CompId, Error> {
                World::add_component(self, node, component)
            }

            fn focusables(&self, scope: NodeId)
                -> Result<impl Iterator<Item = NodeId> + '_, Error> {
                World::focusables(self, scope)
            }

            fn trace(&self) -> impl Iterator<Item = &TraceEntry> + '_ {
                World::trace(self)
            }

            fn on<T: 'static>(&mut self, listener: CompId, node: NodeId) -> Result<(), Error> {
                World::on::<T>(self, listener, node)
            }

            fn on_capture<T: 'static>(&mut self, listener: CompId, node: NodeId)
                -> Result<(), Error> {
                World::on_capture::<T>(self, listener, node)
            }

            fn off<T: 'static>(&mut self, listener: CompId, node: NodeId) -> Result<bool, Error> {
                World::off::<T>(self, listener, node)
            }

            fn off_capture<T: 'static>(&mut self, listener: CompId, node: NodeId)
                -> Result<bool, Error> {
                World::off_capture::<T>(self, listener, node)
            }

            fn emit<T: 'static>(&mut self, node: NodeId, payload: &T) -> Result<usize, Error> {
                World::emit(self, node, payload)
            }

            fn dispatch_event<T: 'static>(&mut self, node: NodeId, payload: &T)
                -> Result<usize, Error> {
                World::dispatch_event(self, node, payload)
            }

            fn instantiate_with<R>(
                &mut self,
                parent: NodeId,
                name: &str,
                build: impl FnOnce(&mut Self, NodeId) -> Result<R, Error>,
            ) -> Result<(NodeId, R), Error> {
                World::instantiate_with(self, parent, name, build)
            }

            fn instantiate(&mut self, original: NodeId) -> Result<NodeId, Error> {
                World::instantiate(self, original)
            }

            #[inline]
            fn comp_of_slot(&self, index: u16) -> CompId {
                World::comp_of_slot(self, index)
            }

            #[inline]
            fn node_of_slot(&self, index: u16) -> NodeId {
                World::node_of_slot(self, index)
            }
        }
    };
    (@sig ref $name:ident ( $( $arg:ident : $ty:ty ),* ) $( -> $ret:ty )?) => {
        #[doc = concat!("See [`World::", stringify!($name), "`].")]
        fn $name(&self $(, $arg: $ty)*) $( -> $ret )?;
    };
    (@sig mut $name:ident ( $( $arg:ident : $ty:ty ),* ) $( -> $ret:ty )?) => {
        #[doc = concat!("See [`World::", stringify!($name), "`].")]
        fn $name(&mut self $(, $arg: $ty)*) $( -> $ret )?;
    };
    (@fwd ref $name:ident ( $( $arg:ident : $ty:ty ),* ) $( -> $ret:ty )?) => {
        #[inline]
        fn $name(&self $(, $arg: $ty)*) $( -> $ret )? {
            World::$name(self $(, $arg)*)
        }
    };
    (@fwd mut $name:ident ( $( $arg:ident : $ty:ty ),* ) $( -> $ret:ty )?) => {
        #[inline]
        fn $name(&mut self $(, $arg: $ty)*) $( -> $ret )? {
            World::$name(self $(, $arg)*)
        }
    };
}

any_world! {
    // The world and its counters.
    ref fn root() -> NodeId;
    ref fn node_count() -> usize;
    ref fn component_count() -> usize;
    ref fn frame() -> u32;
    ref fn is_paused() -> bool;
    ref fn phase_times() -> PhaseTimes;
    ref fn hook_errors() -> u32;
    ref fn last_hook_error() -> Option<(CompId, Hook, Error)>;
    ref fn transform_recomputations() -> u32;
    mut fn pop_event() -> Option<NodeEvent>;
    ref fn pending_events() -> usize;
    ref fn events_dropped() -> u32;
    mut fn pause();
    mut fn resume();
    mut fn set_tracing(on: bool);
    mut fn clear_trace();
    ref fn kind_name(kind: u8) -> &'static str;

    // Nodes: creation, hierarchy, names, tags, lookups.
    mut fn create_node(name: &str) -> Result<NodeId, Error>;
    mut fn create_child(parent: NodeId, name: &str) -> Result<NodeId, Error>;
    mut fn add_child(parent: NodeId, child: NodeId) -> Result<(), Error>;
    mut fn insert_child(parent: NodeId, child: NodeId, index: i32) -> Result<(), Error>;
    mut fn set_parent(child: NodeId, parent: Option<NodeId>) -> Result<(), Error>;
    mut fn remove_child(parent: NodeId, child: NodeId) -> Result<(), Error>;
    mut fn remove_from_parent(node: NodeId) -> Result<(), Error>;
    ref fn parent(node: NodeId) -> Result<Option<NodeId>, Error>;
    ref fn child_count(node: NodeId) -> Result<usize, Error>;
    ref fn sibling_index(node: NodeId) -> Result<usize, Error>;
    ref fn next_sibling(node: NodeId) -> Result<Option<NodeId>, Error>;
    mut fn set_sibling_index(node: NodeId, index: i32) -> Result<(), Error>;
    ref fn name(node: NodeId) -> Result<&str, Error>;
    mut fn set_name(node: NodeId, name: &str) -> Result<(), Error>;
    ref fn tag(node: NodeId) -> Result<u16, Error>;
    mut fn set_tag(node: NodeId, tag: u16) -> Result<(), Error>;
    ref fn child_by_name(parent: NodeId, name: &str) -> Result<Option<NodeId>, Error>;
    ref fn child_by_tag(parent: NodeId, tag: u16) -> Result<Option<NodeId>, Error>;
    ref fn descendant_by_tag(ancestor: NodeId, tag: u16) -> Result<Option<NodeId>, Error>;
    ref fn find(from: NodeId, path: &str) -> Result<Option<NodeId>, Error>;
    ref fn find_from_root(path: &str) -> Result<Option<NodeId>, Error>;

    // Order.
    ref fn z_index(node: NodeId) -> Result<i16, Error>;
    mut fn set_z_index(node: NodeId, z_index: i32) -> Result<i16, Error>;
    ref fn global_z_order(node: NodeId) -> Result<i16, Error>;
    mut fn set_global_z_order(node: NodeId, global_z: i16) -> Result<(), Error>;
    mut fn sort_children(parent: NodeId) -> Result<(), Error>;

    // Activity, destruction, persistence.
    ref fn active(node: NodeId) -> Result<bool, Error>;
    ref fn active_in_hierarchy(node: NodeId) -> Result<bool, Error>;
    mut fn set_active(node: NodeId, active: bool) -> Result<(), Error>;
    mut fn destroy(node: NodeId) -> Result<(), Error>;
    ref fn is_valid(node: NodeId) -> bool;
    ref fn is_valid_strict(node: NodeId) -> bool;
    mut fn set_persistent(node: NodeId, persistent: bool) -> Result<(), Error>;
    ref fn is_persistent(node: NodeId) -> Result<bool, Error>;

    // Transforms and coordinate spaces.
    ref fn position(node: NodeId) -> Result<Vec2, Error>;
    mut fn set_position(node: NodeId, position: Vec2) -> Result<(), Error>;
    ref fn scale(node: NodeId) -> Result<Vec2, Error>;
    mut fn set_scale(node: NodeId, scale: Vec2) -> Result<(), Error>;
    ref fn angle_degrees(node: NodeId) -> Result<f32, Error>;
    mut fn set_angle_degrees(node: NodeId, angle_degrees: f32) -> Result<(), Error>;
    ref fn anchor(node: NodeId) -> Result<Vec2, Error>;
    mut fn set_anchor(node: NodeId, anchor: Vec2) -> Result<(), Error>;
    ref fn content_size(node: NodeId) -> Result<Size2, Error>;
    ref fn geometry(node: NodeId) -> Result<NodeGeometry, Error>;
    mut fn set_content_size(node: NodeId, size: Size2) -> Result<(), Error>;
    ref fn opacity(node: NodeId) -> Result<u8, Error>;
    mut fn set_opacity(node: NodeId, opacity: u8) -> Result<(), Error>;
    mut fn world_matrix(node: NodeId) -> Result<Affine2, Error>;
    mut fn convert_to_node_space_ar(node: NodeId, world: Vec2) -> Result<Vec2, Error>;
    mut fn convert_to_node_space(node: NodeId, world: Vec2) -> Result<Vec2, Error>;
    mut fn convert_to_world_space_ar(node: NodeId, local: Vec2) -> Result<Vec2, Error>;
    mut fn convert_to_world_space(node: NodeId, local: Vec2) -> Result<Vec2, Error>;
    mut fn world_content_box(node: NodeId) -> Result<Rect, Error>;
    mut fn world_bounding_box(node: NodeId) -> Result<Rect, Error>;

    // Components.
    ref fn component_node(comp: CompId) -> Result<NodeId, Error>;
    ref fn component_name(comp: CompId) -> Result<&'static str, Error>;
    ref fn enabled(comp: CompId) -> Result<bool, Error>;
    ref fn enabled_in_hierarchy(comp: CompId) -> Result<bool, Error>;
    mut fn set_enabled(comp: CompId, enabled: bool) -> Result<(), Error>;
    mut fn destroy_component(comp: CompId) -> Result<(), Error>;
    ref fn is_component_valid(comp: CompId) -> bool;
    ref fn is_component_valid_strict(comp: CompId) -> bool;

    // Timers and input.
    mut fn schedule(
        comp: CompId,
        key: u16,
        interval_seconds: f32,
        repeat: Option<u32>,
        delay_seconds: f32
    ) -> Result<(), Error>;
    mut fn schedule_once(comp: CompId, key: u16, delay_seconds: f32) -> Result<(), Error>;
    mut fn unschedule(comp: CompId, key: u16) -> Result<bool, Error>;
    ref fn timer_count() -> usize;
    mut fn stop_propagation();
    mut fn take_touch(touch: TouchEvent, node: NodeId) -> Result<(), Error>;

    // Keyboard focus.
    ref fn focus() -> Option<NodeId>;
    mut fn set_focus(node: Option<NodeId>) -> Result<(), Error>;
    ref fn is_focusable(node: NodeId) -> Result<bool, Error>;
    mut fn set_focusable(node: NodeId, focusable: bool) -> Result<(), Error>;
    ref fn next_focusable(scope: NodeId, from: Option<NodeId>, forward: bool) -> Result<Option<NodeId>, Error>;

    // Events between components.
    mut fn off_all(listener: CompId, node: NodeId) -> Result<usize, Error>;
    ref fn listener_count() -> usize;
    ref fn listener_capacity() -> usize;
}
