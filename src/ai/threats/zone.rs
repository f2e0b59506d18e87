//! The cells a proved threat win depends on (its relevance zone): a walk over the proof tree
//! that collects every cell whose stone could change a node's verdict.
//!
//! The walk takes the attacker's proved move at each attacker node and every reply at each
//! defender node, as the prover does. At every node it adds the open cells of the windows the
//! node's verdict reads: the attacker's fours (its wins in one and the blocks it forces), at
//! a three the attacker's windows one stone short of a four (its double fours to come), and
//! the defender's windows that one more stone would turn into a four or a five: those two
//! stones short of k, and at a three also those three short (a four-making move there is a
//! reply). A stone of the defender's on a cell outside the zone leaves every one of those
//! windows as it was, so every node decides as before: the same proof wins. The defender's
//! stone can only take windows away from the attacker, and those the proof reads are in the
//! zone; windows of the defender's it joins hold too few stones to make a threat.

use super::grid::Grid;
use super::prover::{Outcome, Prover, Replies, Win};

impl Prover<'_> {
    /// `attack_zone` at the root, where the defender moves first: its wins in one stop the
    /// attacker's win in one too.
    pub(super) fn root_zone(&mut self, depth: u32, zone: &mut [bool]) -> Outcome {
        let d = self.defender();
        mark(self.grid(), zone, self.windows(d, 1)?);
        self.attack_zone(depth, zone)
    }

    /// Adds to `zone` (one flag per grid cell) the cells the proof of the attacker's win
    /// within `depth` plies, the attacker to move, depends on; `Ok(None)` when the walk finds
    /// no win (no claim can be made), else the win.
    fn attack_zone(&mut self, depth: u32, zone: &mut [bool]) -> Outcome {
        let Some(win) = self.attack(depth)? else { return Ok(None) };
        let (a, d) = (self.attacker(), self.defender());
        mark(self.grid(), zone, self.windows(a, 1)?);
        if win.plies == 1 {
            return Ok(Some(win));
        }
        mark(self.grid(), zone, self.windows(d, 2)?);
        zone[win.cell] = true;
        self.grid_mut().place(win.cell, a);
        let reply = self.defend_zone(win.plies - 1, zone);
        self.grid_mut().remove(win.cell);
        Ok(reply?.map(|_| win))
    }

    /// `attack_zone` at the defender's turn: every reply is walked.
    fn defend_zone(&mut self, depth: u32, zone: &mut [bool]) -> Outcome {
        let (a, d) = (self.attacker(), self.defender());
        mark(self.grid(), zone, self.windows(d, 2)?);
        mark(self.grid(), zone, self.windows(a, 1)?);
        let replies = match self.replies(depth)? {
            Replies::Refuted => return Ok(None),
            Replies::Won => return Ok(Some(Win { cell: usize::MAX, plies: 2 })),
            Replies::Block(replies) => replies,
            Replies::Three(replies) => {
                mark(self.grid(), zone, self.windows(a, 2)?);
                mark(self.grid(), zone, self.windows(d, 3)?);
                replies
            }
        };
        let mut found = None;
        for cell in replies {
            zone[cell] = true;
            self.grid_mut().place(cell, d);
            let answer = self.attack_zone(depth - 1, zone);
            self.grid_mut().remove(cell);
            match answer? {
                None => return Ok(None),
                Some(win) => found = Some(win),
            }
        }
        // No reply: every move loses to the double four, whose windows are marked.
        Ok(Some(found.unwrap_or(Win { cell: usize::MAX, plies: depth })))
    }
}

/// Marks the open cells of `windows`.
fn mark(grid: &Grid, zone: &mut [bool], windows: Vec<u32>) {
    for w in windows {
        for c in grid.open_cells(w) {
            zone[c] = true;
        }
    }
}
