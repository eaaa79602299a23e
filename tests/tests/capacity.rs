//! Full arenas and queues give an `Err` and leave the world exactly as it was.

use std::cell::RefCell;
use std::rc::Rc;

use sprig::{Error, Hook, NodeId, MAX_ACTIVATION_DEPTH};
use sprig_tests::probes::{on, take_log, TestWorld, P};

#[test]
fn a_full_component_arena_refuses_and_runs_nothing() {
    let mut w = TestWorld::new();
    let root = w.root();
    let n = w.create_child(root, "n").unwrap();
    for k in 0..w.component_capacity_of::<P>() {
        w.add_component(n, P::new(&format!("p{k}"))).unwrap();
    }
    take_log();
    let before: Vec<_> = w.components(n).unwrap().collect();
    assert_eq!(
        w.add_component(n, P::new("late")),
        Err(Error::ComponentArenaFull { capacity: 64 })
    );
    assert_eq!(
        take_log(),
        Vec::<String>::new(),
        "no hook of the refused component ran"
    );
    assert_eq!(w.components(n).unwrap().collect::<Vec<_>>(), before);
    assert_eq!(w.component_count(), 64);
}

#[test]
fn a_full_timer_table_refuses_and_keeps_the_others() {
    let mut w = TestWorld::new();
    let root = w.root();
    let n = w.create_child(root, "n").unwrap();
    let c = w.add_component(n, P::new("p")).unwrap();
    for key in 0..8 {
        w.schedule(c, key, 1.0, None, 0.0).unwrap();
    }
    assert_eq!(
        w.schedule(c, 8, 1.0, None, 0.0),
        Err(Error::TimerTableFull { capacity: 8 })
    );
    assert_eq!(w.timer_count(), 8);
    // Rescheduling a key already there is not a new timer: it only changes the interval.
    w.schedule(c, 3, 0.5, None, 0.0).unwrap();
    assert_eq!(w.timer_count(), 8);
}

#[test]
fn activations_nested_too_deep_are_refused_and_change_nothing() {
    // A chain of inactive nodes where each one's on_load activates the next: the
    // activation that would exceed MAX_ACTIVATION_DEPTH is refused.
    let mut w = TestWorld::new();
    let root = w.root();
    let chain: Vec<NodeId> = (0..=MAX_ACTIVATION_DEPTH + 1)
        .map(|k| {
            let n = w.create_child(root, &format!("n{k}")).unwrap();
            w.set_active(n, false).unwrap();
            w.add_component(n, P::new(&format!("p{k}"))).unwrap();
            n
        })
        .collect();
    type Outcomes = Rc<RefCell<Vec<(usize, Result<(), Error>)>>>;
    let refused: Outcomes = Rc::default();
    for k in 0..chain.len() - 1 {
        let next = chain[k + 1];
        let refused = Rc::clone(&refused);
        on(&format!("p{k}"), Hook::OnLoad, move |w, _, _| {
            let r = w.set_active(next, true);
            refused.borrow_mut().push((k + 1, r));
        });
    }
    take_log();
    w.set_active(chain[0], true).unwrap();
    // Results arrive innermost first; order them by node.
    let mut results = refused.borrow().clone();
    results.sort_by_key(|(k, _)| *k);
    let depth = MAX_ACTIVATION_DEPTH;
    assert_eq!(results.len(), depth, "the refused node's on_load never ran");
    assert!(results[..depth - 1].iter().all(|(_, r)| r.is_ok()));
    assert_eq!(results[depth - 1], (depth, Err(Error::QueueFull)));
    let refused_node = chain[depth];
    assert!(
        !w.active(refused_node).unwrap(),
        "its flag was left as it was"
    );
    assert!(!w.active_in_hierarchy(refused_node).unwrap());
    let log = take_log();
    assert!(!log.iter().any(|l| l.starts_with(&format!("p{depth}."))));
    assert_eq!(
        log.iter().filter(|l| l.ends_with(".on_load")).count(),
        depth,
        "every accepted activation loaded its component"
    );
}

#[test]
fn each_type_has_its_own_capacity() {
    use sprig_tests::probes::Neg;
    let mut w = TestWorld::new();
    let root = w.root();
    let n = w.create_child(root, "n").unwrap();
    assert_eq!(w.component_capacity_of::<P>(), 64);
    for k in 0..64 {
        w.add_component(n, P::new(&format!("p{k}"))).unwrap();
    }
    assert_eq!(
        w.add_component(n, P::new("late")),
        Err(Error::ComponentArenaFull { capacity: 64 })
    );
    // Another type's slots are untouched by the full ones.
    let neg = w.add_component(n, Neg::new("neg")).unwrap();
    assert_eq!(w.component_name(neg), Ok("Neg"));
    assert_eq!(w.component_count(), 65);
    assert_eq!(TestWorld::ram_bytes(), std::mem::size_of::<TestWorld>());
}
