//! A first Rust program: the perfect player (X) against a casual one (O) on tic-tac-toe, then
//! the same on a 15×15 gomoku board with the budgeted search. Prints each board as it ends.
//!
//! `cargo run --example perfect_play`

use tictactoe::ai::{self, Budget, Level};
use tictactoe::{Error, Game, Outcome, Player, Rules};

/// Plays one game to its end: X by `x_move`, O at `Level::Easy`.
fn play_out(mut game: Game, x_move: impl Fn(&Game) -> Result<tictactoe::Move, Error>) -> Result<Game, Error> {
    let mut turn = 0;
    while let Some(side) = game.to_move() {
        let m = match side {
            Player::X => x_move(&game)?,
            Player::O => ai::ai_move(&game, Level::Easy, turn)?,
        };
        game.play(m.row, m.col)?;
        turn += 1;
    }
    Ok(game)
}

/// The board as rows of `X`, `O` and `.`, from the game's text form.
fn show(game: &Game) {
    let text = game.to_string();
    let board = text.split(':').nth(1).unwrap_or_default();
    for row in board.split('/') {
        println!("  {row}");
    }
}

fn main() -> Result<(), Error> {
    let classic = play_out(Game::new(Rules::new(3, 3, 3)?)?, |g| ai::best_move(g).map(Into::into))?;
    println!("3,3,3, perfect X against an easy O: {}", describe(classic.outcome()));
    show(&classic);

    let gomoku = play_out(Game::new(Rules::new(15, 15, 5)?)?, |g| ai::search(g, Budget::nodes(2_000), 7))?;
    println!("15,15,5, a 2,000-node search as X against an easy O: {}", describe(gomoku.outcome()));
    show(&gomoku);
    let line: Vec<String> = gomoku.winning_line().map(|m| m.to_string()).collect();
    if !line.is_empty() {
        println!("winning line: {}", line.join(" "));
    }
    Ok(())
}

fn describe(outcome: Outcome) -> String {
    match outcome {
        Outcome::Won(p) => format!("{p} won"),
        Outcome::Draw => "a draw".to_string(),
        Outcome::Pending => "unfinished".to_string(),
    }
}
