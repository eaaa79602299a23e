//! Sprig apps written once and run on every platform.
//!
//! For now: the node tree of the showcase scene, built with the world API, which the
//! `showcase` binary animates for a few frames and prints.
#![forbid(unsafe_code)]

use sprig::{Dispatch, Error, NodeId, Size2, Vec2, World};

/// Handles to the nodes of the showcase scene that the demo animates.
#[derive(Clone, Copy, Debug)]
pub struct Showcase {
    /// The full-screen canvas, centred on a 128×64 screen.
    pub canvas: NodeId,
    /// A node that moves and turns; its children follow.
    pub player: NodeId,
    /// Child of the player, offset and rotated with it.
    pub gun: NodeId,
    /// Three cards whose zIndex and sibling order change at run time.
    pub cards: [NodeId; 3],
}

/// Builds the showcase scene under the world's root.
pub fn build_showcase<
    S,
    const N: usize,
    const C: usize,
    const TM: usize,
    const E: usize,
    const TR: usize,
>(
    world: &mut World<S, N, C, TM, E, TR>,
) -> Result<Showcase, Error>
where
    S: Dispatch<World<S, N, C, TM, E, TR>>,
{
    let root = world.root();
    let canvas = world.create_child(root, "Canvas")?;
    world.set_content_size(canvas, Size2::new(128.0, 64.0))?;
    world.set_position(canvas, Vec2::new(64.0, 32.0))?;
    let player = world.create_child(canvas, "Player")?;
    world.set_content_size(player, Size2::new(16.0, 16.0))?;
    world.set_position(player, Vec2::new(-40.0, 0.0))?;
    let gun = world.create_child(player, "Gun")?;
    world.set_content_size(gun, Size2::new(10.0, 3.0))?;
    world.set_anchor(gun, Vec2::new(0.0, 0.5))?;
    world.set_position(gun, Vec2::new(8.0, 0.0))?;
    let mut cards = [canvas; 3];
    for (k, card) in cards.iter_mut().enumerate() {
        let name = ["CardA", "CardB", "CardC"][k];
        *card = world.create_child(canvas, name)?;
        world.set_content_size(*card, Size2::new(20.0, 28.0))?;
        world.set_position(
            *card,
            Vec2::new(20.0 + 8.0 * k as f32, 4.0 - 4.0 * k as f32),
        )?;
    }
    Ok(Showcase {
        canvas,
        player,
        gun,
        cards,
    })
}

/// Advances the showcase by one frame: the player walks and turns, and every 20 frames
/// the cards trade places through zIndex and sibling index.
pub fn animate_showcase<
    S,
    const N: usize,
    const C: usize,
    const TM: usize,
    const E: usize,
    const TR: usize,
>(
    world: &mut World<S, N, C, TM, E, TR>,
    scene: &Showcase,
    frame: u32,
) -> Result<(), Error>
where
    S: Dispatch<World<S, N, C, TM, E, TR>>,
{
    let t = frame as f32;
    world.set_position(scene.player, Vec2::new(-40.0 + (frame % 80) as f32, 0.0))?;
    world.set_angle_degrees(scene.player, (t * 9.0) % 360.0)?;
    if frame % 20 == 0 {
        let k = (frame / 20) as usize % 3;
        world.set_z_index(scene.cards[k], (frame / 20) as i32)?;
        world.set_sibling_index(scene.cards[(k + 1) % 3], 0)?;
    }
    world.end_frame()
}
