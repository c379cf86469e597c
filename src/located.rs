//! YAML read into a small tree whose every node carries its line and column, from the events
//! of granit-parser (as the roster places its entries), for files whose errors must point at a
//! key or a value: the encounter tables of `fray table`. Keys given twice, nesting past
//! [`MAX_NESTING`], anchors and a second document are refused while the events are read.

use crate::cast::echo;
use granit_parser::{Event, Options, Parser, ScalarStyle, Span};

/// The deepest nesting of lists and mappings read.
pub const MAX_NESTING: usize = 32;

/// Where a node starts, 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    pub line: usize,
    pub column: usize,
}

impl From<Span> for Mark {
    fn from(span: Span) -> Mark {
        Mark { line: span.start.line(), column: span.start.col() + 1 }
    }
}

/// One node and where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    pub at: Mark,
    pub kind: Kind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A scalar's text; `quoted` unless written plain (so `~` and `null` are nulls only plain).
    Scalar {
        text: String,
        quoted: bool,
    },
    List(Vec<Node>),
    /// Key and value pairs, in order.
    Map(Vec<(Node, Node)>),
}

impl Node {
    /// The text of a scalar.
    pub fn text(&self) -> Option<&str> {
        match &self.kind {
            Kind::Scalar { text, .. } => Some(text),
            _ => None,
        }
    }

    /// A plain null (`~`, `null`, nothing) — the value of a key written alone.
    pub fn is_null(&self) -> bool {
        matches!(&self.kind, Kind::Scalar { text, quoted: false } if matches!(text.as_str(), "" | "~" | "null" | "Null" | "NULL"))
    }

    /// What the node is, for "expected a mapping, found a list".
    pub fn what(&self) -> &'static str {
        match &self.kind {
            Kind::Scalar { .. } if self.is_null() => "nothing",
            Kind::Scalar { .. } => "a single value",
            Kind::List(_) => "a list",
            Kind::Map(_) => "a mapping",
        }
    }

    /// The column of character `offset` (1-based) of a scalar's text, on its line: past the
    /// opening quote of a quoted one.
    pub fn column_of(&self, offset: usize) -> usize {
        let quoted = matches!(self.kind, Kind::Scalar { quoted: true, .. });
        self.at.column + usize::from(quoted) + offset.saturating_sub(1)
    }
}

/// Why a text is refused.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Nothing in it but comments, `---`, `~`.
    Empty,
    /// What is wrong where, and a hint.
    At(Mark, String, &'static str),
}

/// A collection being read: its start, and its children so far.
enum Open {
    List(Mark, Vec<Node>),
    Map(Mark, Vec<(Node, Node)>, Option<Node>),
}

/// Reads `text` (one YAML document) into a located tree.
pub fn read(text: &str) -> Result<Node, Refusal> {
    let mut options = Options::default();
    // Nesting is counted here, event by event (the text is bounded by its reader).
    options.flow_nesting_limit = usize::MAX;
    options.block_nesting_limit = usize::MAX;
    let mut open: Vec<Open> = Vec::new();
    let mut root: Option<Node> = None;
    let mut documents = 0;
    for next in Parser::new_from_str_with_options(text, options) {
        let (event, span) = match next {
            Ok(next) => next,
            Err(err) => return Err(syntax(text, Mark { line: err.marker().line(), column: err.marker().col() + 1 })),
        };
        if let Some(node) = finished_node(event, Mark::from(span), &mut open, &mut documents)? {
            place(node, &mut open, &mut root)?;
        }
    }
    match root {
        Some(node) if !node.is_null() => Ok(node),
        _ => Err(Refusal::Empty),
    }
}

/// The node an event finishes (a scalar, or the end of a list or mapping), if it finishes
/// one; a list or mapping it starts is opened in `open`.
fn finished_node(
    event: Event<'_>,
    at: Mark,
    open: &mut Vec<Open>,
    documents: &mut usize,
) -> Result<Option<Node>, Refusal> {
    let node = match event {
        Event::DocumentStart(..) => {
            *documents += 1;
            if *documents > 1 {
                return Err(Refusal::At(at, "a second YAML document".into(), "keep one document in the file"));
            }
            return Ok(None);
        }
        Event::Alias(_) | Event::UnresolvedAlias(_) => {
            return Err(Refusal::At(at, "an alias (*name)".into(), "write the value out; anchors are not read"));
        }
        Event::Scalar(_, _, anchor, _) | Event::SequenceStart(_, anchor, _) | Event::MappingStart(_, anchor, _)
            if anchor != 0 =>
        {
            return Err(Refusal::At(at, "an anchor (&name)".into(), "write the value out; anchors are not read"));
        }
        Event::Scalar(value, style, ..) => {
            Node { at, kind: Kind::Scalar { text: value.into_owned(), quoted: style != ScalarStyle::Plain } }
        }
        Event::SequenceStart(..) | Event::MappingStart(..) => {
            if open.len() >= MAX_NESTING {
                return Err(Refusal::At(
                    at,
                    format!("lists and mappings nest deeper than {MAX_NESTING} levels"),
                    "a table file is a mapping of tables, each a die and its rows",
                ));
            }
            open.push(match event {
                Event::SequenceStart(..) => Open::List(at, Vec::new()),
                _ => Open::Map(at, Vec::new(), None),
            });
            return Ok(None);
        }
        Event::SequenceEnd | Event::MappingEnd => match open.pop() {
            Some(Open::List(at, items)) => Node { at, kind: Kind::List(items) },
            Some(Open::Map(at, pairs, _)) => Node { at, kind: Kind::Map(pairs) },
            None => return Ok(None),
        },
        _ => return Ok(None),
    };
    Ok(Some(node))
}

/// Puts a finished node in the list or mapping open around it (as a key, then its value),
/// or at the root; a key given twice in one mapping is refused.
fn place(node: Node, open: &mut [Open], root: &mut Option<Node>) -> Result<(), Refusal> {
    match open.last_mut() {
        None => *root = Some(node),
        Some(Open::List(_, items)) => items.push(node),
        Some(Open::Map(_, pairs, key)) => match key.take() {
            None => {
                if let Some(text) = node.text() {
                    if let Some((first, _)) = pairs.iter().find(|(k, _)| k.text() == Some(text)) {
                        return Err(Refusal::At(
                            node.at,
                            format!(
                                "key '{}' is given twice, on lines {} and {}",
                                echo(text),
                                first.at.line,
                                node.at.line
                            ),
                            "give each key once",
                        ));
                    }
                }
                *key = Some(node);
            }
            Some(k) => pairs.push((k, node)),
        },
    }
    Ok(())
}

/// A syntax error at `at`, in yaml_serde's words where it has them (granit-parser is built
/// without its messages).
fn syntax(text: &str, at: Mark) -> Refusal {
    let what = match serde_yaml::from_str::<serde_yaml::Value>(text) {
        Err(err) => {
            let message = err.to_string();
            let message = message.find(" at line ").map_or(message.as_str(), |i| &message[..i]).to_string();
            let at = err.location().map_or(at, |l| Mark { line: l.line(), column: l.column() });
            return Refusal::At(at, format!("not valid YAML: {}", echo(&message)), "check the indentation and quotes");
        }
        Ok(_) => "not valid YAML".to_string(),
    };
    Refusal::At(at, what, "check the indentation and quotes")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(node: &Node) -> (usize, usize) {
        (node.at.line, node.at.column)
    }

    #[test]
    fn every_node_knows_where_it_starts() {
        let tree = read("a:\n  b: [1, 'x y']\n  c: ~\n").unwrap();
        let Kind::Map(pairs) = &tree.kind else { panic!("{tree:?}") };
        let Kind::Map(inner) = &pairs[0].1.kind else { panic!() };
        assert_eq!((inner[0].0.text(), at(&inner[0].0)), (Some("b"), (2, 3)));
        let Kind::List(items) = &inner[0].1.kind else { panic!() };
        assert_eq!(at(&items[1]), (2, 10));
        assert_eq!(items[1].column_of(3), 13);
        assert!(inner[1].1.is_null());
    }

    #[test]
    fn refusals_say_where() {
        let refused = |text: &str| match read(text) {
            Err(Refusal::At(at, what, _)) => format!("{}:{}: {what}", at.line, at.column),
            other => format!("{other:?}"),
        };
        assert_eq!(refused("a: 1\na: 2\n"), "2:1: key 'a' is given twice, on lines 1 and 2");
        assert_eq!(refused("a: &x 1\nb: *x\n"), "1:7: an anchor (&name)");
        assert!(refused("a: [\n").starts_with("2:1: not valid YAML"), "{}", refused("a: [\n"));
        assert_eq!(read("# nothing\n"), Err(Refusal::Empty));
        assert_eq!(read("~\n"), Err(Refusal::Empty));
        let deep = format!("a: {}{}\n", "[".repeat(40), "]".repeat(40));
        assert_eq!(refused(&deep), "1:35: lists and mappings nest deeper than 32 levels");
    }
}
