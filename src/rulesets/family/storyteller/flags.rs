//! The flags of wod and of the rulesets built on its rules (cofd): one clap `Args` type per
//! procedure, each holding the flags its command takes.

use crate::cli::{Cast, any_path};
use clap::ValueHint;
use std::path::PathBuf;

// Delayed, readied and held actions: who leaves its place in the acting order, and for where.
#[derive(Debug, clap::Args)]
pub struct Order {
    /// NAME acts right after OTHER, at OTHER's initiative - 1 (NAME:after=OTHER)
    #[arg(long, value_name = "NAME:after=OTHER")]
    pub delay: Vec<String>,

    /// NAME's prepared action fires right before OTHER, at OTHER's + 1 (NAME:before=OTHER)
    #[arg(long, value_name = "NAME:before=OTHER")]
    pub ready: Vec<String>,

    /// NAME gives up its first-round action to act at any moment of round 2
    /// (NAME[:before=OTHER|after=OTHER] places it)
    #[arg(long, value_name = "NAME")]
    pub hold: Vec<String>,
}

#[derive(Debug, clap::Args)]
pub struct SurpriseFlags {
    #[command(flatten)]
    pub cast: Cast,
}

#[derive(Debug, clap::Args)]
pub struct InitiativeFlags {
    #[command(flatten)]
    pub cast: Cast,

    #[command(flatten)]
    pub order: Order,
}

#[derive(Debug, clap::Args)]
pub struct EncounterFlags {
    #[command(flatten)]
    pub cast: Cast,

    #[command(flatten)]
    pub order: Order,

    /// Roll on the encounter table in FILE first: what it brings joins the monsters
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath, value_parser = any_path())]
    pub table: Option<PathBuf>,

    /// Keep the encounter as a fight for fray track (--track=NAME names it): round 1 as rolled here
    #[arg(long, value_name = "FIGHT", num_args = 0..=1, require_equals = true, default_missing_value = "")]
    pub track: Option<String>,
}
