//! Synthetic inputs for the benchmarks (the engine's native ones and the
//! page's), made in one place so both measure the same thing.

use crate::day::Post;
use crate::roster::{PlayerId, Roster};

/// A day thread of short posts, about `bytes` bytes of post text: post
/// `i` is by player `i` modulo the roster; every 13th votes for
/// "Xylophone", no player (S5.4: rejected, its nearest names looked for),
/// every 5th for a player; the rest is talk.
pub fn short_day(roster: &Roster, bytes: usize) -> Vec<Post> {
    let names = roster.names();
    let mut posts = Vec::new();
    let mut size = 0;
    while size < bytes {
        let i = posts.len();
        let mut text = format!(
            "Post {}: still reading the thread, who has been quiet today?",
            i + 1
        );
        if i % 13 == 6 {
            text.push_str("\nvote Xylophone");
        } else if i % 5 == 0 {
            text.push_str(&format!("\nvote {}", names[(i + 3) % names.len()]));
        }
        size += text.len();
        posts.push(Post::new(PlayerId::from_index(i % names.len()), text));
    }
    posts
}
