//! Breakout on a 128×64 panel: a paddle (keys Left/Right, or drag with a touch), a ball
//! that bounces off the walls, the paddle and the bricks, a hit brick bursting (a
//! `sprig-ui` tween: it swells and fades, then its `call` tells the wall to destroy it),
//! a timer that speeds the ball up every five seconds, and a score label. With
//! `autopilot` the paddle follows the ball, so a headless run plays itself.

use embedded_graphics::pixelcolor::{Rgb888, RgbColor};
use sprig::render::{Label, Shape};
use sprig::{
    component, scene, world, AnyWorld, Ctx, Error, Event, HookResult, Hooks, Key, KeyEvent, NodeId,
    Rect, TouchEvent, TouchPhase, Vec2,
};
use sprig_ui::{tween, Easing, Props, Tween, TweenCall};

/// Panel width and height in pixels.
pub const WIDTH: f32 = 128.0;
/// Panel height in pixels.
pub const HEIGHT: f32 = 64.0;

/// The paddle: moves with Left/Right held, follows a dragged touch, or the ball.
pub struct Paddle {
    /// Follow the ball instead of the player.
    pub autopilot: bool,
    /// The ball, for the autopilot.
    pub ball: NodeId,
    left: bool,
    right: bool,
}

#[component]
impl Hooks for Paddle {
    fn on_key(&mut self, _ctx: &mut Ctx<impl AnyWorld>, key: KeyEvent) -> HookResult {
        match key.key {
            Key::Left => self.left = key.pressed,
            Key::Right => self.right = key.pressed,
            _ => {}
        }
        Ok(())
    }

    fn on_touch(&mut self, ctx: &mut Ctx<impl AnyWorld>, touch: TouchEvent) -> HookResult {
        if matches!(touch.phase, TouchPhase::Down | TouchPhase::Move) {
            let node = ctx.node();
            let y = ctx.position(node)?.y;
            ctx.set_position(node, Vec2::new(touch.world.x.clamp(10.0, WIDTH - 10.0), y))?;
        }
        Ok(())
    }

    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        let node = ctx.node();
        let at = ctx.position(node)?;
        let x = if self.autopilot {
            let target = ctx.position(self.ball)?.x;
            at.x + (target - at.x).clamp(-90.0 * dt_seconds, 90.0 * dt_seconds)
        } else {
            let direction = f32::from(u8::from(self.right)) - f32::from(u8::from(self.left));
            at.x + direction * 90.0 * dt_seconds
        };
        ctx.set_position(node, Vec2::new(x.clamp(10.0, WIDTH - 10.0), at.y))
    }
}

/// The ball: bounces, breaks bricks, loses a life below the paddle.
pub struct Ball {
    /// Velocity in pixels per second.
    pub velocity: Vec2,
    /// The paddle node.
    pub paddle: NodeId,
    /// The node holding the bricks.
    pub wall: NodeId,
    /// The node whose `Score` counts.
    pub score: NodeId,
}

fn overlaps(a: &Rect, b: &Rect) -> bool {
    a.x < b.max_x() && b.x < a.max_x() && a.y < b.max_y() && b.y < a.max_y()
}

#[component]
impl Hooks for Ball {
    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        let (mut v, paddle, wall, score) = (self.velocity, self.paddle, self.wall, self.score);
        let node = ctx.node();
        let mut at = ctx.position(node)?;
        at.x += v.x * dt_seconds;
        at.y += v.y * dt_seconds;
        if at.x < 2.0 || at.x > WIDTH - 2.0 {
            v.x = -v.x;
            at.x = at.x.clamp(2.0, WIDTH - 2.0);
        }
        if at.y > HEIGHT - 2.0 {
            v.y = -v.y.abs();
        }
        ctx.set_position(node, at)?;
        let ball = ctx.world_content_box(node)?;
        if v.y < 0.0 && overlaps(&ball, &ctx.world_content_box(paddle)?) {
            v.y = v.y.abs();
            let offset = (at.x - ctx.position(paddle)?.x) / 10.0;
            v.x = (v.x + offset * 30.0).clamp(-80.0, 80.0);
        }
        let bricks: heapless::Vec<NodeId, 48> = ctx.children(wall)?.collect();
        for brick in bricks {
            // A bursting brick (it has a tween) is no longer in the way.
            let bursting = ctx.component_of::<Tween>(brick)?.is_some();
            if !bursting && overlaps(&ball, &ctx.world_content_box(brick)?) {
                tween(brick)
                    .to(0.25, Props::new().scale(1.6).opacity(0.0), Easing::QuadOut)
                    .call(0)
                    .start(ctx.world())?;
                v.y = -v.y;
                if let Some(s) = ctx.component_of::<Score>(score)? {
                    ctx.get_mut::<Score>(s)?.points += 1;
                }
                break;
            }
        }
        if at.y < 0.0 {
            // Lost: serve again from the middle.
            if let Some(s) = ctx.component_of::<Score>(score)? {
                ctx.get_mut::<Score>(s)?.lives = ctx.get::<Score>(s)?.lives.saturating_sub(1);
            }
            ctx.set_position(node, Vec2::new(WIDTH / 2.0, 20.0))?;
            v = Vec2::new(40.0, 45.0);
        }
        self.velocity = v;
        Ok(())
    }

    fn start(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        // Faster every five seconds.
        ctx.schedule(0, 5.0, None, 5.0)
    }

    fn on_timer(&mut self, _ctx: &mut Ctx<impl AnyWorld>, _key: u16, _elapsed: f32) -> HookResult {
        self.velocity = Vec2::new(self.velocity.x * 1.1, self.velocity.y * 1.1);
        Ok(())
    }
}

/// The wall: destroys each brick whose burst has ended (its tween's `call` bubbles up
/// from the brick).
pub struct Wall;

#[component]
impl Hooks for Wall {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.on::<TweenCall>(node)
    }

    fn on_event(&mut self, ctx: &mut Ctx<impl AnyWorld>, event: &mut Event<'_>) -> HookResult {
        if let Some(burst) = event.get::<TweenCall>() {
            ctx.destroy(burst.node)?;
        }
        Ok(())
    }
}

/// Score and lives, shown by the `Label` on the same node.
#[derive(Default)]
pub struct Score {
    /// Bricks broken.
    pub points: u32,
    /// Balls left.
    pub lives: u32,
}

#[component(execution_order = 1)]
impl Hooks for Score {
    fn late_update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        let node = ctx.node();
        if let Some(label) = ctx.component_of::<Label>(node)? {
            // At most 31 bytes (two 10-digit numbers): fits the label's 32.
            ctx.get_mut::<Label>(label)?
                .set_fmt(format_args!("{} pts  {} balls", self.points, self.lives))?;
        }
        Ok(())
    }
}

world! {
    /// The game's world: 48 nodes; a paddle, a ball, a score, the wall, a shape per
    /// brick, ball and paddle, the score's label, and the bursts of up to four bricks.
    pub type BreakoutWorld = World {
        nodes: 48,
        components: Breakout {
            Paddle: 1,
            Ball: 1,
            Score: 1,
            Wall: 1,
            Shape: 32,
            Label: 1,
            Tween: 4,
        },
    };
}

/// Handles to the game's nodes.
#[derive(Clone, Copy, Debug)]
pub struct Game {
    /// The paddle.
    pub paddle: NodeId,
    /// The ball.
    pub ball: NodeId,
    /// The node holding the bricks.
    pub wall: NodeId,
    /// The score label's node.
    pub score: NodeId,
}

scene! {
    /// One brick of the wall, at `(x, y)` in a grey.
    pub prefab Brick(x: f32, y: f32, grey: u8) in BreakoutWorld -> BrickIds {
        node Brick {
            size: (11.0, 4.0),
            position: (x, y),
            Shape = Shape::rectangle().with_fill(Rgb888::new(grey, grey, grey)),
        }
    }

    /// The game without its bricks: the wall that holds them, the paddle, the score and
    /// the ball, under one node at the panel's origin. Activated as one subtree, their
    /// components update in this order (tree order), so the paddle moves before the ball
    /// each frame; the ball and the paddle are both white, so which draws on top does not
    /// show.
    pub scene Court(autopilot: bool) in BreakoutWorld -> CourtIds {
        node Court {
            #[id] wall: node Wall { Wall = Wall },
            #[id] paddle: node Paddle {
                size: (20.0, 3.0),
                position: (WIDTH / 2.0, 4.0),
                Shape = Shape::rectangle().with_fill(Rgb888::WHITE),
                Paddle = Paddle { autopilot, ball, left: false, right: false },
            },
            #[id] score: node Score {
                anchor: (0.0, 1.0),
                size: (1.0, 1.0),
                position: (1.0, HEIGHT - 1.0),
                Label = Label::new("").with_font(&sprig::render::font::fonts::FONT_4X6),
                Score = Score { points: 0, lives: 3 },
            },
            #[id] ball: node Ball {
                size: (3.0, 3.0),
                position: (WIDTH / 2.0, 20.0),
                Shape = Shape::ellipse().with_fill(Rgb888::WHITE),
                Ball = Ball { velocity: Vec2::new(40.0, 45.0), paddle, wall, score },
            },
        }
    }
}

/// Builds the game under the root: the court, then three rows of ten bricks.
pub fn build_breakout(world: &mut BreakoutWorld, autopilot: bool) -> Result<Game, Error> {
    let root = world.root();
    let court = Court { autopilot }.instantiate(world, root)?;
    for row in 0..3u8 {
        for col in 0..10 {
            let (x, y) = (9.0 + 12.2 * col as f32, 52.0 - 5.0 * f32::from(row));
            Brick {
                x,
                y,
                grey: 120 + 50 * row,
            }
            .instantiate(world, court.wall)?;
        }
    }
    Ok(Game {
        paddle: court.paddle,
        ball: court.ball,
        wall: court.wall,
        score: court.score,
    })
}
