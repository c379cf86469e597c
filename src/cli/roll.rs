//! The dice commands' arguments and help: `fray roll` and `fray table`.

use super::*;

// The expressions of `fray roll`.
#[derive(Debug, Args)]
pub struct RollArgs {
    /// Dice expressions, each rolled in turn; words of one typed apart join (1d20 + 7), and
    /// adv, dis, vs N and a trailing label follow the expression (quote one that holds <, >, !,
    /// braces or brackets; one that starts with - goes after --)
    #[arg(required = true, value_name = "EXPR", allow_negative_numbers = true)]
    pub expressions: Vec<String>,
}

pub const ROLL_EXAMPLES: &str = "\
Examples:
  fray roll 4d6kh3                  ability score: four d6, the lowest dropped
  fray roll 1d20+7 adv              advantage: two d20, the higher kept, +7
  fray roll 1d20 + 5 longsword      words join; a trailing word labels the roll
  fray roll 3x1d20+5 vs 15          three attacks against AC 15: how many hit
  fray -r gurps roll 3d vs 12       a GURPS success roll: margin and criticals
  fray roll 6x4d6kh3                six ability scores, summed and sorted
  fray roll '10d10>8'               a pool: count the dice showing 8 or more
  fray roll '{1d20+5, 1d20+3}kh1'   the better of two rolls
  fray roll '2d6[fire]+1d4[cold]'   labelled parts, each with its total
  fray roll '3d6!' 2d6r1 4dF d66    exploding, reroll 1s, Fate dice, d6 x d6
  fray roll --odds 20d20kh10        the exact chance of every total
  fray -q -n 5 roll 3d6             five totals, one a line
  fray 1d20+5                       alone, an expression is rolled: roll 1d20+5
  fray r 4d6kh3                     r is short for roll";

pub const ROLL_ABOUT: &str = "\
Rolls each expression in turn and shows every die and what became of it, then the total. \
EXPR vs N rolls against a number: a d20 attack or check (a natural 20 always hits, a natural \
1 always misses) or 3d6 at or under a skill (gurps, with its criticals). --odds gives the \
exact chance of every total or result instead (exploding dice to a depth, with what lies \
beyond said exactly).";

pub const ROLL_LANGUAGE: &str = "\
The dice language (in any case):

NdX, d%, dF, d66: N dice of X faces (N defaults to 1), d100, Fate dice (-1, 0, +1), a d6 of \
tens and one of units (11 to 66). 3d, 2d+1: GURPS dice (d6). к and д write d (2к6).

+ - * / ( ): arithmetic on whole numbers; / rounds down.

khN, klN, dlN, dhN: keep the N highest or lowest, drop the N lowest or highest (kN keeps, dN \
drops the lowest; N defaults to 1).

!, !!, !p: explode on the highest face: add a die, add into the die (compound), or add a die \
counting one less (penetrate); !>T, !<T, !=T or !T name the faces.

rT, roT: reroll the faces T (or r<T, r>T...) until another shows, or once.

Compare points read as Roll20 reads them: >T is T or more, <T is T or less (>=T and <=T say \
the same), =T is T. A compare point no face can meet is refused.

>T, <T, =T: count the dice meeting it (successes) instead of summing them; fT (or f<T...) \
after it counts those dice -1 (failures).

miN, maN: each die counts at least N, at most N.

{EXPR, EXPR}khN: roll each expression, keep the N highest (or klN, dhN, dlN) totals.

EXPR[words]: a label for that part; its total is shown beside the roll's.

NxEXPR: roll it N times (6x4d6kh3). EXPR adv, EXPR dis: the d20 rolled twice, the higher or \
the lower kept. EXPR vs N: against a number. Words after the last expression label it.

In the text, (5) was dropped, ~1~ rerolled, 6! exploded, 9* is a success, 1_ a failure.";

// The encounter table of `fray table`.
#[derive(Debug, Args)]
pub struct TableArgs {
    /// The table file, YAML ('-' reads standard input)
    #[arg(value_name = "FILE", required_unless_present = "example", value_hint = ValueHint::FilePath, value_parser = any_path())]
    pub file: Option<PathBuf>,

    /// Print a commented example table
    #[arg(long, conflicts_with = "file")]
    pub example: bool,
}

pub const TABLE_ABOUT: &str = "\
Rolls the first table of FILE: its die, the row the result falls in, on through any table that \
row points at, to a creature and its number appearing, every die shown. The creature comes out as \
a combatant the other commands take (-q prints it alone, one shell word: a space in a name is \
written _, so fray surprise Elf $(fray -q table FILE) brings Giant_rat 1, 2... in bash, zsh and \
fish); fray encounter --table FILE plays the encounter with it, names as written. --odds gives each row's and each creature's exact chance, and the chance of \
each number appearing. The combatant keys a row takes are those of the ruleset (-r).";

pub const TABLE_FORMAT: &str = "\
The file (fray table --example prints one):

A mapping of tables by name; the first is rolled. Each table has die: DICE (any expression of \
fray roll whose results can be listed) and rows: a mapping from a result (4) or a range of results \
(1-3) to a row, the rows covering every result of the die once.

A row is {name: NAME, number: DICE, KEY: VALUE...}: a creature, its number appearing (default 1) \
and the ruleset's combatant keys (side: NAME places it; default monsters); or {table: NAME}, \
rolling on another table of the file (a table may not lead back to itself).

Errors give the file, line and column, and exit with status 1.";

pub const TABLE_EXAMPLES: &str = "\
Examples:
  fray table --example > dungeon.yaml           a commented table to start from
  fray table --example | fray table -           roll it: every die, who appears
  fray table --example | fray table --odds -    each row's, creature's chance
  fray table --example | fray -q -n 3 table -   three rolls, a combatant a line
  fray table --example | fray encounter --table - Elf   play what it rolls";

pub const COMPLETIONS_ABOUT: &str = "\
Print the completion script for a shell

Save it where the shell looks for it; the examples make the folder first. Bash reads ~/.local/share/bash-completion/completions only with the \
bash-completion package installed (apt install bash-completion, dnf install bash-completion, \
brew install bash-completion@2).";

pub const COMPLETIONS_EXAMPLES: &str = "\
Examples:
  mkdir -p ~/.local/share/bash-completion/completions
  fray completions bash > ~/.local/share/bash-completion/completions/fray
  mkdir -p ~/.zfunc
  fray completions zsh > ~/.zfunc/_fray   with fpath+=(~/.zfunc) in .zshrc
  mkdir -p ~/.config/fish/completions
  fray completions fish > ~/.config/fish/completions/fray.fish
  source <(COMPLETE=bash fray)            in .bashrc: fray answers TAB, keys too
  source <(COMPLETE=zsh fray)             in .zshrc after compinit: the same
  COMPLETE=fish fray | source             in config.fish: the same for fish";
