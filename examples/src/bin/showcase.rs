//! The showcase. Until the simulator can draw (issues 4 and 5) it runs in text mode: the
//! lifecycle hooks of the scene's start, the hooks other than `update`/`late_update` as
//! they happen in a two-second run at 30 frames per second, and the tree with world
//! positions at frames 30 and 60.

use sprig::Hook;
use sprig_examples::{build_showcase, ShowcaseWorld};

fn print_trace(world: &mut ShowcaseWorld, every_hook: bool) {
    for e in world.trace() {
        if every_hook || !matches!(e.hook, Hook::Update | Hook::LateUpdate) {
            let node = world.name(e.node).unwrap_or("?");
            println!(
                "  frame {:>2}  {:<8} {:<12} {}",
                e.frame,
                node,
                world.kind_name(e.kind),
                e.hook.name()
            );
        }
    }
    world.clear_trace();
}

fn main() -> Result<(), sprig::Error> {
    let mut world = ShowcaseWorld::new();
    world.set_tracing(true);
    build_showcase(&mut world)?;
    println!("Sprig showcase (text mode: the simulator window arrives with issue 5)\n");
    let dt = 1.0 / 30.0;
    world.tick(dt)?;
    println!("Every hook of the scene build and frame 0 (execution orders: Shuffler -1, Orbit 0, Spin 1):");
    print_trace(&mut world, true);
    println!("\nHooks other than update/late_update, frames 1-60:");
    for frame in 1..=60 {
        world.tick(dt)?;
        print_trace(&mut world, false);
        if frame % 30 == 0 {
            println!("\nframe {frame}");
            print!("{}", sprig_sim::describe_tree(&mut world)?);
            println!();
        }
    }
    println!(
        "{} nodes, {} components, {} world-matrix recomputations, {} hook errors",
        world.node_count(),
        world.component_count(),
        world.transform_recomputations(),
        world.hook_errors()
    );
    Ok(())
}
