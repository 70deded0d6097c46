//! The search tree: nodes are the searching player's information sets, edges the moves of
//! whoever acts there, with UCB1 statistics counted over the determinizations where each move
//! was available (Cowling, Powley and Whitehouse 2012, "single-observer" ISMCTS).
//!
//! Nodes and edges live in two arenas that keep their memory from one decision to the next, and
//! link to each other by index, so a search allocates nothing once the arenas have grown.

use crate::engine::rng::Rng;

/// FNV-1a over 64-bit words, to name a child by the moves that lead to it: fixed, so a search
/// is the same on every machine and every run.
pub(super) struct Fnv(u64);

impl Fnv {
    /// A fresh hash.
    pub fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    /// Mixes in one word.
    pub fn mix(&mut self, w: u64) {
        self.0 = (self.0 ^ w).wrapping_mul(0x0000_0100_0000_01b3);
    }

    /// The hash so far.
    pub fn value(&self) -> u64 {
        self.0
    }
}

/// "No node" or "no edge" in a link.
pub(super) const NONE: u32 = u32::MAX;

/// One information set of the searching player, reached by the path from the root.
#[derive(Debug, Clone, Copy)]
struct Node {
    /// The moves of the step that led here, as the searching player saw them, hashed.
    key: u64,
    /// The next child of the same parent.
    sibling: u32,
    /// The first child.
    child: u32,
    /// The first edge (moves tried or seen available here).
    edge: u32,
}

/// A move of one player at a node, with its statistics.
#[derive(Debug, Clone, Copy)]
pub(super) struct Edge {
    /// The next edge of the same node.
    next: u32,
    /// Who makes the move.
    pub player: u8,
    /// The move, named so that it means the same in every determinization (see `Search::key`).
    pub key: u32,
    /// Iterations that took this move.
    pub visits: u32,
    /// Iterations in which this move was legal when its player chose here.
    pub avail: u32,
    /// The sum of the rewards those iterations gave its player.
    pub total: f64,
}

/// The node and edge arenas.
#[derive(Debug, Default)]
pub(super) struct Tree {
    nodes: Vec<Node>,
    edges: Vec<Edge>,
}

impl Tree {
    /// Empties the tree (keeping its memory) and makes the root; returns it.
    pub fn reset(&mut self) -> u32 {
        self.nodes.clear();
        self.edges.clear();
        self.new_node(0)
    }

    fn new_node(&mut self, key: u64) -> u32 {
        self.nodes.push(Node { key, sibling: NONE, child: NONE, edge: NONE });
        (self.nodes.len() - 1) as u32
    }

    /// How many nodes the tree holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The child of `node` with `key`, made when missing; and whether it was made.
    pub fn child(&mut self, node: u32, key: u64) -> (u32, bool) {
        let mut c = self.nodes[node as usize].child;
        while c != NONE {
            if self.nodes[c as usize].key == key {
                return (c, false);
            }
            c = self.nodes[c as usize].sibling;
        }
        let new = self.new_node(key);
        self.nodes[new as usize].sibling = self.nodes[node as usize].child;
        self.nodes[node as usize].child = new;
        (new, true)
    }

    /// The edge of `player`'s move `key` at `node`, made (unvisited) when missing.
    pub fn edge(&mut self, node: u32, player: u8, key: u32) -> u32 {
        let mut e = self.nodes[node as usize].edge;
        while e != NONE {
            let edge = &self.edges[e as usize];
            if edge.player == player && edge.key == key {
                return e;
            }
            e = edge.next;
        }
        self.edges.push(Edge { next: self.nodes[node as usize].edge, player, key, visits: 0, avail: 0, total: 0.0 });
        let e = (self.edges.len() - 1) as u32;
        self.nodes[node as usize].edge = e;
        e
    }

    /// The key of an edge.
    pub fn key_of(&self, e: u32) -> u32 {
        self.edges[e as usize].key
    }

    /// The edge of `player`'s move `key` at `node`, if there is one.
    pub fn find(&self, node: u32, player: u8, key: u32) -> Option<&Edge> {
        let mut e = self.nodes[node as usize].edge;
        while e != NONE {
            let edge = &self.edges[e as usize];
            if edge.player == player && edge.key == key {
                return Some(edge);
            }
            e = edge.next;
        }
        None
    }

    /// Picks one of `edges` (the moves legal now, one player's): an unvisited one if there is
    /// any (uniformly), else the best by UCB1 with availability counts,
    /// `mean + c * sqrt(ln(avail) / visits)`, ties broken uniformly. Counts each as available.
    /// Returns the index into `edges` and whether the edge was new.
    pub fn select(&mut self, edges: &[u32], c: f64, rng: &mut Rng) -> (usize, bool) {
        let mut fresh = 0u64;
        let mut pick = 0usize;
        for (i, &e) in edges.iter().enumerate() {
            let edge = &mut self.edges[e as usize];
            edge.avail += 1;
            if edge.visits == 0 {
                // Reservoir sampling: each unvisited edge is kept with equal chance.
                fresh += 1;
                if rng.below(fresh) == 0 {
                    pick = i;
                }
            }
        }
        if fresh > 0 {
            return (pick, true);
        }
        let mut best = f64::NEG_INFINITY;
        let mut ties = 0u64;
        for (i, &e) in edges.iter().enumerate() {
            let edge = &self.edges[e as usize];
            let n = edge.visits as f64;
            let u = edge.total / n + c * ((edge.avail as f64).ln() / n).sqrt();
            if u > best + 1e-12 {
                best = u;
                pick = i;
                ties = 1;
            } else if u > best - 1e-12 {
                ties += 1;
                if rng.below(ties) == 0 {
                    pick = i;
                }
            }
        }
        (pick, false)
    }

    /// Adds one iteration's reward to an edge.
    pub fn update(&mut self, e: u32, reward: f64) {
        let edge = &mut self.edges[e as usize];
        edge.visits += 1;
        edge.total += reward;
    }
}
