//! What a roster is refused for before it is loaded: nesting deeper than [`MAX_NESTING`], a
//! key given twice in one mapping, and nothing in it at all. The check reads the events of
//! granit-parser, a pull parser that bounds its look-ahead, one at a time, so a deeply nested megabyte is refused at its
//! first level too deep instead of being parsed whole first.

use crate::cast::echo;
use granit_parser::{Event, Options, Parser, ScalarStyle};
use std::collections::HashMap;

// The deepest nesting read, and where an event starts, are the located tree's: a roster needs
// three or four levels, and the YAML parser slows down with every level.
pub use crate::located::{MAX_NESTING, Mark};

/// Why a roster is refused before it is read.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Nothing in it: no document, `---`, `~`, `{}`, only comments.
    Empty,
    /// What is wrong where, and a hint.
    At(Mark, String, &'static str),
}

/// An open list or mapping, while the events are read.
enum Open {
    Sequence,
    /// A mapping's keys so far (scalar keys, with the line each is on), whether the next node
    /// is a key, and whether it has none yet.
    Mapping {
        keys: HashMap<String, usize>,
        at_key: bool,
        empty: bool,
    },
}

/// Reads the parser's events to refuse, before yaml_serde loads the text: nesting deeper than
/// [`MAX_NESTING`], a key given twice in one mapping, and a roster with nothing in it. Syntax
/// errors are left to yaml_serde, which reports them in its own words.
pub fn check_structure(text: &str) -> Result<(), Refusal> {
    let mut open: Vec<Open> = Vec::new();
    let mut something = false;
    // The nesting is counted here, event by event; the parser's own limits would stop it while
    // it reads ahead, before the event too deep, so they are lifted (the text is at most 1 MiB).
    let mut options = Options::default();
    options.flow_nesting_limit = usize::MAX;
    options.block_nesting_limit = usize::MAX;
    for next in Parser::new_from_str_with_options(text, options) {
        // A syntax error: yaml_serde reads the same text and says where, in its own words.
        let Ok((event, span)) = next else { return Ok(()) };
        let at = Mark::from(span);
        let starts_node =
            matches!(event, Event::Scalar(..) | Event::Alias(_) | Event::SequenceStart(..) | Event::MappingStart(..));
        if starts_node && open.is_empty() {
            something |= !is_empty_root(&event);
        }
        if let (true, Some(Open::Mapping { keys, at_key: true, empty })) = (starts_node, open.last_mut()) {
            *empty = false;
            if let Event::Scalar(value, ..) = &event {
                if let Some(first) = keys.insert(value.to_string(), at.line) {
                    return Err(Refusal::At(
                        at,
                        format!("key '{}' is given twice, on lines {first} and {}", echo(value), at.line),
                        "give each key once",
                    ));
                }
            }
        }
        match event {
            Event::SequenceStart(..) | Event::MappingStart(..) => {
                if open.len() >= MAX_NESTING {
                    return Err(Refusal::At(
                        at,
                        format!("lists and mappings nest deeper than {MAX_NESTING} levels"),
                        "a roster is two flat lists",
                    ));
                }
                open.push(match event {
                    Event::SequenceStart(..) => Open::Sequence,
                    _ => Open::Mapping { keys: HashMap::new(), at_key: true, empty: true },
                });
                continue;
            }
            Event::SequenceEnd | Event::MappingEnd => {
                let closed = open.pop();
                if open.is_empty() && matches!(closed, Some(Open::Mapping { empty: false, .. } | Open::Sequence)) {
                    something = true;
                }
            }
            Event::Scalar(..) | Event::Alias(_) => {}
            // Stream and document marks, and events only asked-for options produce.
            _ => continue,
        }
        // A node has ended: in a mapping, a key is followed by its value and a value by a key.
        if let Some(Open::Mapping { at_key, .. }) = open.last_mut() {
            *at_key = !*at_key;
        }
    }
    if something { Ok(()) } else { Err(Refusal::Empty) }
}

/// Whether a document's first event leaves it empty so far: a null scalar; a list or mapping
/// counts once it is closed with something in it.
fn is_empty_root(event: &Event) -> bool {
    match event {
        Event::Scalar(value, ScalarStyle::Plain, ..) => matches!(value.as_ref(), "" | "~" | "null" | "Null" | "NULL"),
        Event::SequenceStart(..) | Event::MappingStart(..) => true,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(line: usize, column: usize, what: &str) -> Result<(), String> {
        Err(format!("{line}:{column}: {what}"))
    }

    fn check(text: &str) -> Result<(), String> {
        check_structure(text).map_err(|refusal| match refusal {
            Refusal::Empty => "empty".to_string(),
            Refusal::At(mark, what, _) => format!("{}:{}: {what}", mark.line, mark.column),
        })
    }

    #[test]
    fn keys_given_twice_are_placed_at_the_second() {
        assert_eq!(check("sides: []\n  \nsides: []\n"), at(3, 1, "key 'sides' is given twice, on lines 1 and 3"));
        assert_eq!(check("a:\n  - {b: 1, 'b': 2}\n"), at(2, 12, "key 'b' is given twice, on lines 2 and 2"));
        assert_eq!(check("a: {b: 1}\nc: {b: 1}\n"), Ok(()));
    }

    #[test]
    fn a_syntax_error_is_left_to_the_loader() {
        assert_eq!(check("a: [\n"), Ok(()));
        assert_eq!(check("a: ]\n"), Ok(()));
    }

    #[test]
    fn nesting_is_counted_by_the_parser() {
        let deep = format!("a: {}{}\n", "[".repeat(40), "]".repeat(40));
        assert_eq!(check(&deep), at(1, 35, "lists and mappings nest deeper than 32 levels"));
        assert_eq!(check(&format!("a: \"{}\"\n", "[".repeat(40))), Ok(()));
    }
}
