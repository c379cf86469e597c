//! World of Darkness Storytelling system, 2004 (seed 003).
