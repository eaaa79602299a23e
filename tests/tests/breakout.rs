//! The breakout example plays itself: the ball breaks bricks (which are destroyed and
//! leave the wall), the speed-up timer fires, and nothing errs.

use sprig::Vec2;
use sprig_examples::breakout::{build_breakout, Ball, BreakoutWorld, Score};

#[test]
fn the_autopilot_breaks_bricks_and_the_ball_speeds_up() {
    let mut w = BreakoutWorld::new();
    let game = build_breakout(&mut w, true).unwrap();
    let bricks: Vec<_> = w.children(game.wall).unwrap().collect();
    let ball = w.component_of::<Ball>(game.ball).unwrap().unwrap();
    let speed = |v: Vec2| (v.x * v.x + v.y * v.y).sqrt();
    let start_speed = speed(w.get::<Ball>(ball).unwrap().velocity);
    for _ in 0..600 {
        w.tick(1.0 / 30.0).unwrap();
    }
    let score = w.component_of::<Score>(game.score).unwrap().unwrap();
    let points = w.get::<Score>(score).unwrap().points;
    assert!(points >= 5, "only {points} bricks in 20 s");
    let standing = w.child_count(game.wall).unwrap();
    assert_eq!(standing as u32 + points, bricks.len() as u32);
    let gone = bricks.iter().filter(|&&b| !w.is_valid(b)).count();
    assert_eq!(gone as u32, points, "every broken brick was destroyed");
    assert!(
        speed(w.get::<Ball>(ball).unwrap().velocity) > start_speed * 1.2,
        "the five-second timer sped the ball up"
    );
    assert_eq!(w.hook_errors(), 0);
}

#[test]
fn a_hit_brick_bursts_then_the_wall_destroys_it() {
    let mut w = BreakoutWorld::new();
    let game = build_breakout(&mut w, true).unwrap();
    let bricks: Vec<_> = w.children(game.wall).unwrap().collect();
    let score = w.component_of::<Score>(game.score).unwrap().unwrap();
    let mut frames = 0;
    while w.get::<Score>(score).unwrap().points == 0 {
        w.tick(1.0 / 30.0).unwrap();
        frames += 1;
        assert!(frames < 600, "no brick hit in 20 s");
    }
    let bursting: Vec<_> = bricks
        .iter()
        .copied()
        .filter(|&b| w.component_of::<sprig_ui::Tween>(b).unwrap().is_some())
        .collect();
    assert_eq!(bursting.len(), 1, "the hit brick bursts");
    let brick = bursting[0];
    assert_eq!(
        w.opacity(brick).unwrap(),
        255,
        "it starts with the next update"
    );
    for _ in 0..4 {
        w.tick(1.0 / 30.0).unwrap();
    }
    assert!(w.opacity(brick).unwrap() < 255 && w.scale(brick).unwrap().x > 1.0);
    // 0.25 s in all: the tween's call reaches the wall, which destroys the brick.
    for _ in 0..4 {
        w.tick(1.0 / 30.0).unwrap();
    }
    assert!(!w.is_valid(brick));
    assert_eq!(w.hook_errors(), 0);
}
