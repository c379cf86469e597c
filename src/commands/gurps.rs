//! The gurps command line: cast and flags into the inputs of [`crate::rules::gurps`].

use crate::app::Runner;
use crate::cast::{Cast, Schema};
use crate::cli::Command;
use crate::error::{Error, Result};
use crate::rules::Procedure;

pub const SCHEMA: Schema = Schema { rules: "gurps", side_keys: &[], combatant_keys: &[] };

pub const ROSTER: &str = "\
sides:
  - name: party
  - name: monsters
";

pub fn flags(_procedure: Procedure) -> &'static [&'static str] {
    &[]
}

pub fn dispatch(procedure: Procedure, _command: &Command, _cast: Cast, _runner: &mut Runner) -> Result<()> {
    Err(Error::usage(format!("gurps {} is not built yet", procedure.name())))
}
