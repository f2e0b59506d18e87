//! Immediate wins: the empty cells where one more stone completes k in a row, found from the
//! stones rather than by trying every empty cell. The `Easy` level takes such a win; the
//! search on crowded boards takes one, or blocks the opponent's, before anything else.

use crate::game::Game;
use crate::rules::{Dir, Player, EMPTY};

/// The lowest empty cell where a stone of `stone` completes k in a row, if any. Where a
/// k-line must fill a whole line of the board, the board's tallies name the lines one stone
/// short (on 1000 × 1000 with k = 1000 and 500,000 stones, the pass over the stones below
/// took 30 ms per player). Otherwise, for k >= 2, such a cell lies next to a stone of `stone`
/// along the line it completes, so only the cells next to those stones are tried, each in the
/// direction of that stone: on a 4096 × 4096 board with a few thousand stones, trying every
/// empty cell took 0.7 s.
pub(super) fn winning_cell(game: &Game, stone: u8) -> Option<usize> {
    let rules = game.rules();
    let k = rules.k();
    if k == 1 {
        return game.legal_moves().next();
    }
    let (board, player) = (game.board(), if stone == 1 { Player::X } else { Player::O });
    let (cells, rows, cols) = (board.cells(), i64::from(rules.rows()), i64::from(rules.cols()));
    let mut best = board
        .lines_one_short(player)
        .filter_map(|(dir, first)| {
            let ((row, col), (dr, dc)) = (rules.row_col(first), dir.step());
            (0..i64::from(k))
                .map(|i| ((i64::from(row) + i * dr) * cols + i64::from(col) + i * dc) as usize)
                .find(|&cell| cells.get(cell) == EMPTY)
        })
        .min();
    let walked = Dir::ALL.map(|d| rules.span(d) >= k && !board.tallied(d));
    if walked == [false; 4] {
        return best;
    }
    game.for_each_stone(|cell| {
        if cells.get(cell) != stone {
            return;
        }
        let (row, col) = rules.row_col(cell);
        for dir in Dir::ALL.into_iter().filter(|&d| walked[d as usize]) {
            let (dr, dc) = dir.step();
            for (r, c) in
                [(i64::from(row) + dr, i64::from(col) + dc), (i64::from(row) - dr, i64::from(col) - dc)]
            {
                if r < 0 || c < 0 || r >= rows || c >= cols {
                    continue;
                }
                let n = (r * cols + c) as usize;
                if best.is_none_or(|b| n < b)
                    && cells.get(n) == EMPTY
                    && rules.run(cells, n, dir, stone, k - 1).1 >= k
                {
                    best = Some(n);
                }
            }
        }
    });
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::level::random_empty;
    use crate::ai::rng::Rng;
    use crate::rules::Rules;

    /// The plain definition: would a stone of `stone` on empty `cell` complete k in a row?
    fn completes_line(game: &Game, cell: usize, stone: u8) -> bool {
        let rules = game.rules();
        let k = rules.k();
        Dir::ALL
            .into_iter()
            .any(|d| rules.span(d) >= k && rules.run(game.board().cells(), cell, d, stone, k - 1).1 >= k)
    }

    /// Checks `winning_cell` for both players against trying every empty cell, on `game` and
    /// on the same position loaded from text; how many players have a win.
    fn agrees_for_both_players(game: &Game) -> usize {
        let loaded = Game::from_text(game.to_text().as_bytes()).unwrap();
        let mut found = 0;
        for stone in [1, 2] {
            let want = game.legal_moves().find(|&c| completes_line(game, c, stone));
            found += usize::from(want.is_some());
            assert_eq!(winning_cell(game, stone), want, "{} for {stone}", game.to_text());
            assert_eq!(winning_cell(&loaded, stone), want, "loaded {}", game.to_text());
        }
        found
    }

    /// Trying the cells next to the mover's stones finds the same winning cell as trying every
    /// empty cell, on played and loaded games of many shapes (k = 1 and 2 included), for both
    /// players, whether or not a win exists.
    #[test]
    #[cfg_attr(miri, ignore)] // pure Rust, thousands of positions
    fn winning_cell_is_the_first_empty_cell_that_wins() {
        let mut rng = Rng::new(3);
        let mut found = 0;
        for (rows, cols, k) in [(3, 3, 3), (5, 7, 4), (1, 12, 3), (12, 1, 2), (6, 6, 1), (9, 9, 5), (4, 4, 4)]
        {
            let rules = Rules::new(rows, cols, k).unwrap();
            for _ in 0..200 {
                let mut game = Game::new(rules).unwrap();
                let moves = rng.below(rules.cells());
                while game.move_count() < moves && game.to_move().is_some() {
                    let cell = random_empty(&game, rng.next_u64()).unwrap();
                    let (r, c) = rules.row_col(cell);
                    game.play(r, c).unwrap();
                }
                if game.to_move().is_none() {
                    game.undo().unwrap();
                }
                found += agrees_for_both_players(&game);
            }
        }
        assert!(found > 300, "too few positions with a win to take: {found}");
    }

    /// Where the board's tallies decide some directions (boards over 64 cells with k a whole
    /// row or column), on positions where one player fills a line of k cells and the other
    /// plays elsewhere: the same cell as trying every empty cell, played or loaded.
    #[test]
    #[cfg_attr(miri, ignore)] // pure Rust, thousands of positions
    fn winning_cell_reads_the_tallied_lines() {
        let mut rng = Rng::new(4);
        let mut found = 0;
        for (rows, cols, k) in
            [(9, 9, 9), (10, 10, 10), (7, 12, 12), (12, 7, 12), (1, 70, 70), (70, 1, 70), (5, 20, 5)]
        {
            let rules = Rules::new(rows, cols, k).unwrap();
            let tallied: Vec<Dir> = Dir::ALL.into_iter().filter(|&d| rules.spans_whole_line(d)).collect();
            assert!(tallied.iter().all(|&d| Game::new(rules).unwrap().board().tallied(d)), "{rows}x{cols}");
            for _ in 0..150 {
                let dir = tallied[rng.below(tallied.len())];
                let first = match dir {
                    Dir::East => rules.index(rng.below(rows as usize) as u32, 0),
                    Dir::South => rules.index(0, rng.below(cols as usize) as u32),
                    Dir::SouthEast => rules.index(0, 0),
                    Dir::SouthWest => rules.index(0, cols - 1),
                }
                .unwrap();
                let step = dir.step().0 * i64::from(cols) + dir.step().1;
                let mut line: Vec<usize> =
                    (0..i64::from(k)).map(|i| (first as i64 + i * step) as usize).collect();
                for i in (1..line.len()).rev() {
                    line.swap(i, rng.below(i + 1));
                }
                // Half the games go on until the owner is one stone short (the next stone would end it).
                let moves = if rng.below(2) == 0 { usize::MAX } else { rng.below(2 * k as usize + 2) };
                let owner = 1 + rng.below(2) as u8;
                let mut game = Game::new(rules).unwrap();
                while game.move_count() < moves && game.to_move().is_some() {
                    let mine = game.to_move().unwrap().stone() == owner;
                    let free = line.iter().copied().find(|&c| game.board().cells().get(c) == EMPTY);
                    let cell = match free.filter(|_| mine) {
                        Some(cell) => cell,
                        None => (0..20)
                            .map(|_| random_empty(&game, rng.next_u64()).unwrap())
                            .find(|c| !line.contains(c))
                            .unwrap_or_else(|| random_empty(&game, rng.next_u64()).unwrap()),
                    };
                    let (r, c) = rules.row_col(cell);
                    if game.play(r, c).unwrap() != crate::game::Outcome::Pending {
                        game.undo().unwrap();
                        break;
                    }
                }
                found += agrees_for_both_players(&game);
            }
        }
        assert!(found > 300, "too few positions with a win to take: {found}");
    }
}
