//! What the paged containers ([`TabView`](crate::TabView) and
//! [`Tileview`](crate::Tileview)) share: taking the user's page nodes into their
//! clipping part, and easing from page to page.

use sprig::{AnyWorld, Error, NodeId};

/// Pages a second by which the distance left to the chosen page shrinks: it is
/// multiplied by `exp(-dt × SLIDE_RATE)` a frame.
pub const SLIDE_RATE: f32 = 12.0;

/// The fraction of a page's width (or height) a finger must move a page by for the
/// release to go to the neighbour; less, and the page slides back.
pub const SWIPE_FRACTION: f32 = 0.25;

/// Makes each of `pages` a child of `content`, in order, leaving out a page destroyed
/// already. If one cannot be moved, the ones moved go back to their old parents and the
/// error is returned.
pub(crate) fn adopt<const N: usize>(
    world: &mut impl AnyWorld,
    content: NodeId,
    pages: impl Iterator<Item = NodeId>,
) -> Result<(), Error> {
    let mut moved: heapless::Vec<(NodeId, Option<NodeId>), N> = heapless::Vec::new();
    let mut result = Ok(());
    for page in pages {
        let old = match world.parent(page) {
            Ok(old) => old,
            // A page destroyed before the container loaded: left out, as the frames
            // leave it out.
            Err(Error::StaleHandle) => continue,
            Err(e) => {
                result = Err(e);
                break;
            }
        };
        if let Err(e) = world.set_parent(page, Some(content)) {
            result = Err(e);
            break;
        }
        if moved.push((page, old)).is_err() {
            // Cannot happen: the containers hold at most N pages. Refused all the same.
            let _ = world.set_parent(page, old);
            result = Err(Error::QueueFull);
            break;
        }
    }
    if result.is_err() {
        for &(page, old) in moved.iter().rev() {
            let _ = world.set_parent(page, old);
        }
    }
    result
}

/// One frame of easing from `position` to `target` (in pages of `extent` pixels): the
/// new position, and whether it landed (within half a pixel, then exactly on it).
pub(crate) fn ease(position: f32, target: f32, extent: f32, dt_seconds: f32) -> (f32, bool) {
    let left = (target - position) * libm::expf(-dt_seconds * SLIDE_RATE);
    if (left * extent).abs() < 0.5 {
        (target, true)
    } else {
        (target - left, false)
    }
}

/// Activates or deactivates `page` if it is not so already.
pub(crate) fn show(world: &mut impl AnyWorld, page: NodeId, active: bool) -> Result<(), Error> {
    if world.active(page)? != active {
        world.set_active(page, active)?;
    }
    Ok(())
}
