//! Family modules: the rules two editions of one game share, each edition folder importing them from here.

pub mod basic;
pub mod fifth;
pub mod storyteller;
