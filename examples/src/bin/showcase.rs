//! The showcase. Until the simulator can draw (issues 4 and 5) it runs the scene for a
//! few frames and prints the tree with world positions after each phase.

use sprig::NodeWorld;
use sprig_examples::{animate_showcase, build_showcase};

fn main() -> Result<(), sprig::Error> {
    let mut world: NodeWorld<32> = NodeWorld::new();
    let scene = build_showcase(&mut world)?;
    world.end_frame()?;
    println!("Sprig showcase (text mode: the simulator window arrives with issue 5)\n");
    println!("frame 0");
    print!("{}", sprig_sim::describe_tree(&mut world)?);
    for frame in 1..=40 {
        animate_showcase(&mut world, &scene, frame)?;
        if frame % 20 == 0 {
            println!("\nframe {frame}");
            print!("{}", sprig_sim::describe_tree(&mut world)?);
        }
    }
    println!(
        "\n{} nodes, {} world-matrix recomputations, {} events queued ({} dropped)",
        world.node_count(),
        world.transform_recomputations(),
        world.pending_events(),
        world.events_dropped()
    );
    Ok(())
}
