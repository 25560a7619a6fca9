//! The outbox: a phase's public posts and private messages as the
//! messages to deliver, the Discord webhooks they go to, and what each
//! delivery attempt came to.
//!
//! A Discord server running a game gives the public channel a webhook and
//! each player's private channel (or private thread) one; a webhook's URL
//! lets any client post there, so the console delivers a whole phase with
//! no bot and no server. This module is the part that can be checked
//! without a network: which URL is a webhook's ([`Webhook::parse`]), the
//! moderator's `Name: URL` list ([`read_webhooks`]), the messages of a
//! stage in order, each at most [`DISCORD_LIMIT`] code points ([`plan`]),
//! the request body with the one ping it may carry ([`body`]), what
//! Discord's answer means ([`answer`])
//! and what a message's delivery record says ([`Record`], [`state`]).
//!
//! A webhook URL is a secret (whoever holds it posts in that channel): its
//! token is never in a [`WebhookError`], a reason or [`Webhook::shown`].

use crate::format::{DISCORD_LIMIT, Format, pack_within};
use crate::names::plain_key;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// The host every message is posted to: the page's Content-Security-Policy
/// allows connections to it alone besides its own origin.
pub const API: &str = "https://discord.com/api/webhooks/";

/// Hosts whose webhook URLs Discord's clients hand out (the old domain and
/// the test clients): each is the same API, posted to at [`API`].
const HOSTS: [&str; 4] = [
    "discord.com",
    "discordapp.com",
    "ptb.discord.com",
    "canary.discord.com",
];

/// A Discord webhook: its id, its token and, for a private thread, the
/// thread's id (`?thread_id=` in the URL Discord gives).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Webhook {
    id: String,
    token: String,
    thread: Option<String>,
}

/// Why a text is not a Discord webhook URL. Never holds the token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WebhookError {
    /// Not an `https://` address.
    NotHttps,
    /// An address of another site (its host).
    NotDiscord(String),
    /// A Discord address that is not a webhook's (`/api/webhooks/ID/TOKEN`).
    NotWebhook,
    /// The webhook id is not a number.
    BadId,
    /// The token is missing or holds characters Discord's tokens do not.
    BadToken,
    /// `thread_id` is not a number.
    BadThread,
}

impl fmt::Display for WebhookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WebhookError::NotHttps => f.write_str("not a web address starting https://"),
            WebhookError::NotDiscord(host) => write!(
                f,
                "an address on {host}, not Discord's: a webhook URL starts https://discord.com/api/webhooks/"
            ),
            WebhookError::NotWebhook => f.write_str(
                "a Discord address but not a webhook's (https://discord.com/api/webhooks/ID/TOKEN: Channel settings, Integrations, Webhooks, Copy Webhook URL)",
            ),
            WebhookError::BadId => f.write_str("the webhook's id is not a number"),
            WebhookError::BadToken => f.write_str("the webhook's token is missing or cut short"),
            WebhookError::BadThread => f.write_str("thread_id is not a number"),
        }
    }
}

impl std::error::Error for WebhookError {}

fn is_snowflake(s: &str) -> bool {
    (1..=20).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit())
}

impl Webhook {
    /// Reads a webhook URL as Discord gives it:
    /// `https://discord.com/api/webhooks/ID/TOKEN`, on any of Discord's
    /// hosts, with an API version (`/api/v10/webhooks/...`), a thread
    /// (`?thread_id=ID`) and other query parameters (ignored).
    ///
    /// # Errors
    /// What the text is instead ([`WebhookError`]), never quoting the token.
    pub fn parse(text: &str) -> Result<Webhook, WebhookError> {
        let text = text.trim().trim_matches(|c| c == '<' || c == '>');
        let rest = text
            .strip_prefix("https://")
            .ok_or(WebhookError::NotHttps)?;
        let (place, query) = rest.split_once('?').unwrap_or((rest, ""));
        let (host, path) = place.split_once('/').unwrap_or((place, ""));
        // A `user:password@` before the host is never repeated.
        let host = host.rsplit('@').next().unwrap_or(host).to_ascii_lowercase();
        if !HOSTS.contains(&host.as_str()) {
            return Err(WebhookError::NotDiscord(host));
        }
        let path = path.strip_prefix("api/").ok_or(WebhookError::NotWebhook)?;
        let path = match path.split_once('/') {
            Some((v, rest)) if v.len() > 1 && v.starts_with('v') && is_snowflake(&v[1..]) => rest,
            _ => path,
        };
        let path = path
            .strip_prefix("webhooks/")
            .ok_or(WebhookError::NotWebhook)?;
        let mut parts = path.trim_end_matches('/').split('/');
        let id = parts.next().unwrap_or_default();
        let token = parts.next().unwrap_or_default();
        if !is_snowflake(id) {
            return Err(WebhookError::BadId);
        }
        if token.len() < 20
            || parts.next().is_some()
            || !token
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        {
            return Err(WebhookError::BadToken);
        }
        let mut thread = None;
        for pair in query.split('&') {
            if let Some(t) = pair.strip_prefix("thread_id=") {
                if !is_snowflake(t) {
                    return Err(WebhookError::BadThread);
                }
                thread = Some(t.to_string());
            }
        }
        Ok(Webhook {
            id: id.to_string(),
            token: token.to_string(),
            thread,
        })
    }

    /// The address a message is posted to: [`API`]`ID/TOKEN?wait=true`
    /// (Discord answers with the message it kept, or why not), with the
    /// thread. A secret: for the request only.
    pub fn execute_url(&self) -> String {
        let mut url = format!("{API}{}/{}?wait=true", self.id, self.token);
        if let Some(t) = &self.thread {
            url.push_str("&thread_id=");
            url.push_str(t);
        }
        url
    }

    /// The webhook as the page shows it: its id's last digits and the
    /// thread, never the token (`webhook …4821, thread …0077`).
    pub fn shown(&self) -> String {
        let tail = |s: &str| s[s.len().saturating_sub(4)..].to_string();
        match &self.thread {
            Some(t) => format!("webhook …{}, thread …{}", tail(&self.id), tail(t)),
            None => format!("webhook …{}", tail(&self.id)),
        }
    }
}

/// Who a message goes to.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum To {
    /// The game's public channel (or thread).
    Public,
    /// A player's private channel, by the name the message was written to.
    Player(String),
}

impl fmt::Display for To {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            To::Public => f.write_str("the public channel"),
            To::Player(name) => f.write_str(name),
        }
    }
}

/// The words a webhook list line uses for the public channel.
const PUBLIC_WORDS: [&str; 5] = ["public", "channel", "game", "main", "thread"];

/// The moderator's webhook list read: the public channel's webhook, each
/// player's, and the lines not used with the reason.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Webhooks {
    /// Each recipient's webhook, in the order of the list.
    pub hooks: Vec<(To, Webhook)>,
    /// Lines not used: (line number from 1, the reason). The reason names
    /// the line's name, never its URL.
    pub unused: Vec<(usize, String)>,
    /// Each player's Discord user ID where their line gives one: (the
    /// player's name, the ID's digits). Their private messages ping them.
    #[serde(default)]
    pub users: Vec<(String, String)>,
}

impl Webhooks {
    /// The webhook of a recipient, if the list gives one.
    pub fn of(&self, to: &To) -> Option<&Webhook> {
        self.hooks.iter().find(|(t, _)| t == to).map(|(_, w)| w)
    }

    /// The Discord user ID of a recipient, if the list gives one (never
    /// for the public channel).
    pub fn user(&self, to: &To) -> Option<&str> {
        let To::Player(name) = to else { return None };
        self.users
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, id)| id.as_str())
    }
}

/// A Discord user ID as a webhook list line gives it after the URL: the
/// mention `<@123…>` (or `<@!123…>`) or its digits alone, as Discord's
/// "Copy User ID" gives them (a snowflake: 17 to 20 digits).
fn user_id(token: &str) -> Option<&str> {
    let digits = token
        .strip_prefix("<@")
        .and_then(|t| t.strip_suffix('>'))
        .map(|t| t.strip_prefix('!').unwrap_or(t))
        .unwrap_or(token);
    ((17..=20).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit()))
        .then_some(digits)
}

/// Reads a webhook list: one `Name: URL` line per player (also `Name URL`,
/// `Name - URL`, `Name | URL`), and `Public: URL` for the game's channel
/// (or `Channel:`, `Game:`, `Main:`, `Thread:`). A player's line may give
/// their Discord user ID after the URL (`Name: URL 123456789012345678` or
/// `<@123456789012345678>`): their private messages then ping them, and
/// nobody else. A name is a player's as
/// written or equal to it but for case, spaces and punctuation; nothing is
/// guessed (a secret sent to a guessed channel cannot be taken back).
/// Blank lines are skipped; every other line not used is given with why.
pub fn read_webhooks<S: AsRef<str>>(text: &str, players: &[S]) -> Webhooks {
    let mut out = Webhooks::default();
    let mut seen: BTreeMap<To, usize> = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let Some(at) = line.find("https://").or_else(|| line.find("http://")) else {
            out.unused
                .push((n, "no webhook URL on this line".to_string()));
            continue;
        };
        let name = line[..at]
            .trim()
            .trim_end_matches([':', '-', '|', '=', '<'])
            .trim()
            .trim_start_matches('@');
        let mut after = line[at..].split_whitespace();
        let url = after.next().unwrap_or_default();
        let id = after.find_map(user_id);
        let hook = match Webhook::parse(url) {
            Ok(h) => h,
            Err(e) => {
                let whose = if name.chars().count() <= 80 && !name.contains('/') {
                    shown_name(name)
                } else {
                    shown_name("")
                };
                out.unused.push((n, format!("{whose}: {e}")));
                continue;
            }
        };
        let public_word = PUBLIC_WORDS.contains(&name.to_ascii_lowercase().trim_start_matches('#'));
        let player = players.iter().find(|p| p.as_ref() == name).or_else(|| {
            let k = plain_key(name);
            players.iter().find(|p| plain_key(p.as_ref()) == k)
        });
        // What stands before the URL is repeated in a reason only when it
        // can be a name (it could be a second URL, with its token).
        let looks_like_name = name.chars().count() <= 80 && !name.contains('/');
        let to = if name.is_empty() {
            out.unused.push((
                n,
                "no name before the URL: write 'Name: URL', or 'Public: URL' for the game's channel"
                    .to_string(),
            ));
            continue;
        } else if !looks_like_name {
            out.unused.push((
                n,
                "what stands before the URL is not a name: write 'Name: URL'".to_string(),
            ));
            continue;
        } else if let (Some(p), true) = (player, public_word) {
            // A role card must never reach the public channel by a guess.
            out.unused.push((
                n,
                format!(
                    "'{name}' is a player's name ({}) and a word for the public channel: write 'Public: URL' for the channel, or the player's name as in the game",
                    p.as_ref()
                ),
            ));
            continue;
        } else if let Some(p) = player {
            To::Player(p.as_ref().to_string())
        } else if public_word {
            To::Public
        } else {
            out.unused
                .push((n, format!("'{name}' is no player of this game")));
            continue;
        };
        if let Some(first) = seen.get(&to) {
            out.unused.push((
                n,
                format!("{to} already has a webhook (line {first}); this one is not used"),
            ));
            continue;
        }
        seen.insert(to.clone(), n);
        if let (To::Player(p), Some(id)) = (&to, id) {
            out.users.push((p.clone(), id.to_string()));
        }
        out.hooks.push((to, hook));
    }
    out
}

fn shown_name(name: &str) -> String {
    if name.is_empty() {
        "the URL".to_string()
    } else {
        format!("{name}'s URL")
    }
}

/// One message to deliver.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outgoing {
    /// The message's key in the delivery records: `stage/recipient/part`.
    pub key: String,
    /// Who it goes to.
    pub to: To,
    /// Its text, at most [`DISCORD_LIMIT`] code points.
    pub content: String,
}

/// Code points a private message leaves free for the ping of its reader
/// ([`body`]): `<@`, a user ID of up to 20 digits, `>` and a line break.
pub const PING_ROOM: usize = 24;

/// The messages of one stage (`stage` names it in the keys: `"deal"`,
/// `"night-1"`), in the order they are delivered: the public post's
/// messages, then each player's private message in the order given. In
/// Discord's format (`format` Markdown) a text
/// over [`DISCORD_LIMIT`] code points is split as a Discord post is
/// ([`pack_within`]; a private message's parts leave [`PING_ROOM`] free),
/// and a text within it is one message as it is, so its key and digest
/// never depend on the webhook list; each is sent without its trailing
/// white space (Discord drops it); an empty text is no message.
pub fn plan(
    stage: &str,
    public: &[String],
    private: &[(String, String)],
    format: Format,
) -> Vec<Outgoing> {
    let mut out = Vec::new();
    let mut add = |to: To, texts: Vec<String>| {
        let (who, room) = match &to {
            To::Public => ("#public".to_string(), 0),
            To::Player(name) => (name.clone(), PING_ROOM),
        };
        for (i, content) in texts
            .into_iter()
            .flat_map(|t| {
                if format == Format::Markdown && t.chars().count() > DISCORD_LIMIT {
                    pack_within(vec![t], Format::Markdown, room)
                } else {
                    vec![t]
                }
            })
            .map(|t| t.trim_end().to_string())
            .filter(|t| !t.is_empty())
            .enumerate()
        {
            out.push(Outgoing {
                key: format!("{stage}/{who}/{}", i + 1),
                to: to.clone(),
                content,
            });
        }
    };
    add(To::Public, public.to_vec());
    for (name, text) in private {
        add(To::Player(name.clone()), vec![text.clone()]);
    }
    out
}

/// A stage's messages handed from a game's Posts screen to the delivery
/// page (which holds the sending code, so no game page carries it): the
/// game (its kind's storage prefix, its id and name), the stage (its key
/// in the delivery records and its label), the texts in Discord's format
/// and the game's players (the names a webhook list may give).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Parcel {
    /// The game's kind (`"survival"`).
    pub kind: String,
    /// The game's storage id.
    pub game: String,
    /// The game's name, as shown.
    pub name: String,
    /// The stage's key ([`plan`]).
    pub stage: String,
    /// The stage as the Posts screen names it ("Night 1").
    pub label: String,
    /// The public post's messages.
    pub public: Vec<String>,
    /// Each private message: (player, text).
    pub private: Vec<(String, String)>,
    /// The game's players.
    pub players: Vec<String>,
    /// The texts' format: webhooks send [`Format::Markdown`] only, the
    /// one-at-a-time queue any.
    #[serde(default)]
    pub format: Format,
}

impl Parcel {
    /// The messages to deliver, in order ([`plan`]).
    pub fn messages(&self) -> Vec<Outgoing> {
        plan(&self.stage, &self.public, &self.private, self.format)
    }

    /// Who may have a webhook: the players and every recipient.
    pub fn names(&self) -> Vec<String> {
        let mut v = self.players.clone();
        v.extend(self.private.iter().map(|(n, _)| n.clone()));
        v
    }
}

/// The JSON body of an execute-webhook request for `message`: its
/// content, and `allowed_mentions` that let no text in it (a player's name
/// `@everyone`, a quoted role or user) ping anyone. The first message of a
/// private message to a player whose Discord user ID `hooks` gives starts
/// with their mention on a line of its own, and pings them alone (Discord
/// notifies them however their channel's notifications are set), when
/// the mention fits within [`DISCORD_LIMIT`] (a split message's parts
/// leave room for it; a single message within 24 code points of the limit
/// goes without); the public channel's posts ping nobody.
pub fn body(message: &Outgoing, hooks: &Webhooks) -> String {
    #[derive(Serialize)]
    struct Mentions<'a> {
        parse: [&'static str; 0],
        #[serde(skip_serializing_if = "Vec::is_empty")]
        users: Vec<&'a str>,
    }
    #[derive(Serialize)]
    struct Body<'a> {
        content: &'a str,
        allowed_mentions: Mentions<'a>,
    }
    let first = message.key.ends_with("/1");
    let ping = hooks
        .user(&message.to)
        .filter(|_| first)
        .filter(|id| message.content.chars().count() + id.len() + 4 <= DISCORD_LIMIT);
    let content = match ping {
        Some(id) => format!("<@{id}>\n{}", message.content),
        None => message.content.clone(),
    };
    serde_json::to_string(&Body {
        content: &content,
        allowed_mentions: Mentions {
            parse: [],
            users: ping.into_iter().collect(),
        },
    })
    .unwrap_or_default()
}

/// A short digest of a message's text: a record of a text sent tells it
/// from a text changed since.
pub fn digest(content: &str) -> String {
    crate::sha256_hex(content)[..16].to_string()
}

/// The key of a stage that may be posted again with other texts (a vote
/// count, a position): `name` and a digest of the texts, so each version
/// is delivered once and a later one is another stage.
pub fn stage_key(name: &str, texts: &[String]) -> String {
    format!("{name}-{}", &digest(&texts.concat())[..8])
}

/// What became of one message, as kept in the delivery records.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Record {
    /// Posted: Discord's message id, and the digest of the text posted.
    Sent {
        /// Discord's id of the message.
        id: String,
        /// [`digest`] of the text.
        digest: String,
    },
    /// The request was on its way when the page stopped: Discord may have
    /// posted it. Not sent again unless the moderator says so.
    Sending {
        /// [`digest`] of the text.
        digest: String,
    },
    /// Copied by the moderator to send by hand (a forum's private
    /// message): delivered as far as the console can know.
    Copied {
        /// [`digest`] of the text.
        digest: String,
    },
    /// Refused, and why (Discord's words).
    Failed {
        /// The reason, with no secret in it.
        reason: String,
    },
}

/// Every message's delivery record of a game, by [`Outgoing::key`].
pub type Records = BTreeMap<String, Record>;

/// Where a message of a plan stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum State {
    /// To send: its recipient has a webhook.
    Ready,
    /// Its recipient has no webhook in the list.
    NoWebhook,
    /// Posted, with Discord's message id.
    Sent(String),
    /// Posted with another text than the one shown now (a draft changed
    /// after sending): not sent again.
    SentOther(String),
    /// Perhaps posted: the page stopped while it was on its way. Look in
    /// the channel; send again only if it is not there.
    Unsure,
    /// Refused, with the reason; sent again on the next Send.
    Failed(String),
    /// Copied to be sent by hand; not sent by a webhook.
    Copied,
}

/// Where `message` stands, by its record and the webhook list.
pub fn state(message: &Outgoing, records: &Records, hooks: &Webhooks) -> State {
    match records.get(&message.key) {
        Some(Record::Sent { id, digest: d }) if *d == digest(&message.content) => {
            State::Sent(id.clone())
        }
        Some(Record::Sent { id, .. }) => State::SentOther(id.clone()),
        Some(Record::Sending { .. }) => State::Unsure,
        Some(Record::Copied { .. }) => State::Copied,
        _ if hooks.of(&message.to).is_none() => State::NoWebhook,
        Some(Record::Failed { reason }) => State::Failed(reason.clone()),
        None => State::Ready,
    }
}

/// What Discord's answer to one request means.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// Posted: the message's id.
    Sent(String),
    /// Rate limited: send it again after this many seconds.
    Wait(f64),
    /// No telling whether it was posted (Discord's or a gateway's 5xx):
    /// why. Asked about, never sent again unasked; the send stops.
    Unsure(String),
    /// Refused: the reason (Discord's words, no secret). `stop` when no
    /// other message can go either (the site blocked, Discord down).
    Failed {
        /// Why, in words.
        reason: String,
        /// Whether to stop the whole send.
        stop: bool,
    },
}

/// Reads Discord's answer to an execute-webhook request with `wait=true`:
/// its HTTP status and body. 200 with the message object is sent; 429 says
/// how long to wait (`retry_after`, seconds); 404 is a deleted webhook;
/// 400 names the field refused (`50035`, a content over 2,000 characters);
/// a 2xx is posted even without the message's id; a 5xx may come after
/// the message was posted (unsure).
pub fn answer(status: u16, body: &str) -> Answer {
    // The members of Discord's answers read here: a message (`id`), an
    // error (`message`, `code`, the first of `errors.content._errors`) or
    // a rate limit (`retry_after`).
    #[derive(Deserialize, Default)]
    #[serde(default)]
    struct Said {
        id: Option<String>,
        message: String,
        code: Option<u64>,
        retry_after: Option<f64>,
        errors: Option<Errors>,
    }
    #[derive(Deserialize, Default)]
    #[serde(default)]
    struct Errors {
        content: Option<Field>,
    }
    #[derive(Deserialize, Default)]
    #[serde(default)]
    struct Field {
        _errors: Vec<Problem>,
    }
    #[derive(Deserialize, Default)]
    #[serde(default)]
    struct Problem {
        message: String,
    }
    let json: Said = serde_json::from_str(body).unwrap_or_default();
    let said = json.message;
    let code = json.code;
    match status {
        // Posted, even when the answer's body did not come whole.
        200..=299 => Answer::Sent(json.id.unwrap_or_else(|| "?".to_string())),
        429 => Answer::Wait(json.retry_after.unwrap_or(1.0).clamp(0.0, 3600.0)),
        404 => Answer::Failed {
            reason: format!(
                "the webhook no longer exists (Discord: {}): make a new one for this channel and give it in the list",
                if said.is_empty() { "Unknown Webhook" } else { &said }
            ),
            stop: false,
        },
        401 | 403 => Answer::Failed {
            reason: format!(
                "Discord refused the webhook's token ({}): copy its URL again",
                if said.is_empty() { "Unauthorized" } else { &said }
            ),
            stop: false,
        },
        400 => {
            let detail = json
                .errors
                .and_then(|e| e.content)
                .and_then(|c| c._errors.into_iter().next())
                .map(|p| format!(": content: {}", p.message))
                .unwrap_or_default();
            Answer::Failed {
                reason: format!(
                    "Discord refused the message ({}{}{detail})",
                    code.map(|c| format!("{c} ")).unwrap_or_default(),
                    if said.is_empty() { "Bad Request" } else { &said }
                ),
                stop: false,
            }
        }
        0 => Answer::Failed {
            reason: "Discord could not be reached (offline, or the browser blocked the request): nothing more was sent; the copy buttons still work".to_string(),
            stop: true,
        },
        // A gateway's error may come after Discord posted the message.
        s if s >= 500 => Answer::Unsure(format!(
            "Discord answered {s}{}",
            if said.is_empty() { String::new() } else { format!(" ({said})") }
        )),
        s => Answer::Failed {
            reason: format!("Discord answered {s}{}: try again later", if said.is_empty() { String::new() } else { format!(" ({said})") }),
            stop: false,
        },
    }
}

/// The pause before the next request to the same webhook (seconds), from
/// Discord's rate-limit headers: none while requests remain in the bucket,
/// else until it resets (`X-RateLimit-Reset-After`).
pub fn pause(remaining: Option<u32>, reset_after: Option<f64>) -> Option<f64> {
    match (remaining, reset_after) {
        (Some(0), Some(r)) if r > 0.0 => Some(r.min(3600.0)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOKEN: &str = "aB3_xY-9aB3_xY-9aB3_xY-9aB3_xY-9aB3_xY-9aB3_xY-9aB3_xY-9aB3_xY-9ab";

    fn url(id: &str) -> String {
        format!("https://discord.com/api/webhooks/{id}/{TOKEN}")
    }

    #[test]
    fn a_stage_key_changes_with_its_texts() {
        let a = stage_key("count", &["Ann 2".to_string(), "Bob 1".to_string()]);
        assert!(a.starts_with("count-") && a.len() == "count-".len() + 8);
        assert_eq!(a, stage_key("count", &["Ann 2Bob 1".to_string()]));
        assert_ne!(
            a,
            stage_key("count", &["Ann 3".to_string(), "Bob 1".to_string()])
        );
    }

    #[test]
    fn webhook_urls_as_discord_gives_them() {
        let w = Webhook::parse(&url("1234567890123456789")).unwrap();
        assert_eq!(
            w.execute_url(),
            format!("{API}1234567890123456789/{TOKEN}?wait=true")
        );
        assert_eq!(w.shown(), "webhook …6789");
        let t = Webhook::parse(&format!(
            "<https://discordapp.com/api/v10/webhooks/11/{TOKEN}/?thread_id=990077>"
        ))
        .unwrap();
        assert_eq!(
            t.execute_url(),
            format!("{API}11/{TOKEN}?wait=true&thread_id=990077")
        );
        assert_eq!(t.shown(), "webhook …11, thread …0077");
        for (text, e) in [
            (
                "http://discord.com/api/webhooks/1/x",
                WebhookError::NotHttps,
            ),
            (
                "https://evil.example/api/webhooks/1/x",
                WebhookError::NotDiscord("evil.example".into()),
            ),
            ("https://discord.com/channels/1/2", WebhookError::NotWebhook),
            (
                &format!("https://discord.com/api/webhooks/x1/{TOKEN}"),
                WebhookError::BadId,
            ),
            (
                "https://discord.com/api/webhooks/1/short",
                WebhookError::BadToken,
            ),
            (
                &format!("https://discord.com/api/webhooks/1/{TOKEN}?thread_id=abc"),
                WebhookError::BadThread,
            ),
        ] {
            let got = Webhook::parse(text).unwrap_err();
            assert_eq!(got, e, "{text}");
            assert!(!got.to_string().contains(TOKEN));
        }
    }

    #[test]
    fn a_webhook_list_by_player_name_and_the_public_channel() {
        let players = ["Ann Marie", "tofu_cat", "Bob"];
        let text = format!(
            "Public: {}\n\nann_marie: {}\n@tofu_cat - {}\nBobby: {}\nBob {}\nBOB: {}\nBob: see you\nZed: https://example.com/x\n{}",
            url("100"),
            url("201"),
            url("202"),
            url("203"),
            url("204"),
            url("205"),
            url("206"),
        );
        let w = read_webhooks(&text, &players);
        let to: Vec<String> = w
            .hooks
            .iter()
            .map(|(t, h)| format!("{t}={}", h.shown()))
            .collect();
        assert_eq!(
            to,
            [
                "the public channel=webhook …100",
                "Ann Marie=webhook …201",
                "tofu_cat=webhook …202",
                "Bob=webhook …204",
            ]
        );
        assert_eq!(
            w.unused,
            [
                (5, "'Bobby' is no player of this game".to_string()),
                (7, "Bob already has a webhook (line 6); this one is not used".to_string()),
                (8, "no webhook URL on this line".to_string()),
                (
                    9,
                    "Zed's URL: an address on example.com, not Discord's: a webhook URL starts https://discord.com/api/webhooks/".to_string()
                ),
                (
                    10,
                    "no name before the URL: write 'Name: URL', or 'Public: URL' for the game's channel".to_string()
                ),
            ]
        );
        assert!(w.unused.iter().all(|(_, r)| !r.contains(TOKEN)));

        // A player named like the public channel is no guess either way;
        // a second URL before the first is never repeated.
        let w = read_webhooks(
            &format!(
                "Main: {}\ndiscord.com/api/webhooks/9/{TOKEN} {}\nx https://u:{TOKEN}@evil.example/a",
                url("1"),
                url("2")
            ),
            &["Main", "Ann"],
        );
        assert!(w.hooks.is_empty());
        assert_eq!(
            w.unused[0],
            (1, "'Main' is a player's name (Main) and a word for the public channel: write 'Public: URL' for the channel, or the player's name as in the game".to_string())
        );
        assert_eq!(
            w.unused[1],
            (
                2,
                "what stands before the URL is not a name: write 'Name: URL'".to_string()
            )
        );
        assert!(
            w.unused.iter().all(|(_, r)| !r.contains(TOKEN)),
            "{:?}",
            w.unused
        );
    }

    #[test]
    fn a_plan_in_order_with_long_texts_split_and_keys_stable() {
        let long = "line of a role card\n".repeat(150);
        let p = plan(
            "night-1",
            &["Night 1 results".to_string()],
            &[
                ("Ann".into(), long.clone()),
                ("Bob".into(), "You are the Doctor".into()),
                ("Cy".into(), " ".into()),
            ],
            Format::Markdown,
        );
        let keys: Vec<&str> = p.iter().map(|m| m.key.as_str()).collect();
        assert_eq!(
            keys,
            [
                "night-1/#public/1",
                "night-1/Ann/1",
                "night-1/Ann/2",
                "night-1/Bob/1"
            ]
        );
        assert!(p.iter().all(|m| m.content.chars().count() <= DISCORD_LIMIT));
        assert!(p[1].content.starts_with("(1/2)\n"));
        assert_eq!(p[3].to, To::Player("Bob".into()));
        // A forum's private message has no such limit: one message each.
        let forum = plan(
            "night-1",
            &[],
            &[("Ann".into(), long.clone())],
            Format::BBCode,
        );
        assert_eq!(forum.len(), 1);
        assert_eq!(forum[0].content, long.trim_end());
    }

    #[test]
    fn the_body_pings_nobody_without_a_user_id() {
        let m = Outgoing {
            key: "day-1/#public/1".into(),
            to: To::Public,
            content: "@everyone \"vote\"\n<@&1> <@123456789012345678>".into(),
        };
        let hooks = read_webhooks(
            &format!("Public: {} 123456789012345678", url("1")),
            &["Ann"],
        );
        let b: serde_json::Value = serde_json::from_str(&body(&m, &hooks)).unwrap();
        assert_eq!(b["content"], m.content.as_str());
        assert_eq!(b["allowed_mentions"], serde_json::json!({ "parse": [] }));
    }

    #[test]
    fn a_private_message_pings_its_reader_alone_when_the_list_gives_their_id() {
        let list = format!(
            "Public: {}\nAnn: {} <@123456789012345678>\nBob: {} 223456789012345678\nCid: {} 12345",
            url("1"),
            url("2"),
            url("3"),
            url("4")
        );
        let hooks = read_webhooks(&list, &["Ann", "Bob", "Cid"]);
        assert_eq!(
            hooks.users,
            vec![
                ("Ann".to_string(), "123456789012345678".to_string()),
                ("Bob".to_string(), "223456789012345678".to_string())
            ]
        );
        let long = "word ".repeat(500);
        let p = plan(
            "night-1",
            &["Night 1 is over.".to_string()],
            &[
                ("Ann".into(), "You are the Seer. @everyone".into()),
                ("Bob".into(), long.clone()),
                ("Cid".into(), "You are a Villager.".into()),
            ],
            Format::Markdown,
        );
        let bodies: Vec<serde_json::Value> = p
            .iter()
            .map(|m| serde_json::from_str(&body(m, &hooks)).unwrap())
            .collect();
        // The public post pings nobody.
        assert_eq!(
            bodies[0]["allowed_mentions"],
            serde_json::json!({ "parse": [] })
        );
        // Ann's message: her mention on its own line, she alone pinged.
        assert_eq!(
            bodies[1]["content"],
            "<@123456789012345678>\nYou are the Seer. @everyone"
        );
        assert_eq!(
            bodies[1]["allowed_mentions"],
            serde_json::json!({ "parse": [], "users": ["123456789012345678"] })
        );
        // Bob's long message: split with room for the ping, which only
        // its first part carries; every part within Discord's limit.
        let bob: Vec<_> = p
            .iter()
            .zip(&bodies)
            .filter(|(m, _)| m.to == To::Player("Bob".into()))
            .collect();
        assert_eq!(bob.len(), 2);
        assert!(
            bob[0].1["content"]
                .as_str()
                .unwrap()
                .starts_with("<@223456789012345678>\n(1/2)\n")
        );
        assert_eq!(
            bob[1].1["allowed_mentions"],
            serde_json::json!({ "parse": [] })
        );
        for (_, b) in &bob {
            assert!(b["content"].as_str().unwrap().chars().count() <= DISCORD_LIMIT);
        }
        // Cid's "12345" is no user ID: no ping.
        let cid = bodies.last().unwrap();
        assert_eq!(cid["content"], "You are a Villager.");
        assert_eq!(cid["allowed_mentions"], serde_json::json!({ "parse": [] }));
    }

    #[test]
    fn a_private_message_within_the_limit_is_one_message_and_goes_without_a_ping_too_long_for_it() {
        let text = "x".repeat(DISCORD_LIMIT - 10);
        let p = plan(
            "deal",
            &[],
            &[("Ann".into(), text.clone())],
            Format::Markdown,
        );
        assert_eq!(p.len(), 1);
        assert_eq!(p[0].content, text);
        let hooks = read_webhooks(&format!("Ann: {} 123456789012345678", url("2")), &["Ann"]);
        let b: serde_json::Value = serde_json::from_str(&body(&p[0], &hooks)).unwrap();
        assert_eq!(b["content"], text.as_str());
        assert_eq!(b["allowed_mentions"], serde_json::json!({ "parse": [] }));
    }

    #[test]
    fn records_say_where_each_message_stands() {
        let p = plan(
            "deal",
            &["Deal".to_string()],
            &[("Ann".into(), "Wolf".into()), ("Bob".into(), "Seer".into())],
            Format::BBCode,
        );
        let hooks = read_webhooks(
            &format!("Public: {}\nAnn: {}", url("1"), url("2")),
            &["Ann", "Bob"],
        );
        let mut r = Records::new();
        assert_eq!(state(&p[0], &r, &hooks), State::Ready);
        assert_eq!(state(&p[2], &r, &hooks), State::NoWebhook);
        r.insert(
            p[0].key.clone(),
            Record::Sent {
                id: "9".into(),
                digest: digest("Deal"),
            },
        );
        r.insert(
            p[1].key.clone(),
            Record::Sending {
                digest: digest("Wolf"),
            },
        );
        assert_eq!(state(&p[0], &r, &hooks), State::Sent("9".into()));
        assert_eq!(state(&p[1], &r, &hooks), State::Unsure);
        r.insert(
            p[0].key.clone(),
            Record::Sent {
                id: "9".into(),
                digest: digest("Deal!"),
            },
        );
        assert_eq!(state(&p[0], &r, &hooks), State::SentOther("9".into()));
        r.insert(
            p[1].key.clone(),
            Record::Failed {
                reason: "gone".into(),
            },
        );
        assert_eq!(state(&p[1], &r, &hooks), State::Failed("gone".into()));
    }

    #[test]
    fn discords_answers_read_as_documented() {
        assert_eq!(
            answer(200, r#"{"id":"1180","content":"x"}"#),
            Answer::Sent("1180".into())
        );
        assert_eq!(
            answer(
                429,
                r#"{"message":"You are being rate limited.","retry_after":0.35,"global":false}"#
            ),
            Answer::Wait(0.35)
        );
        let Answer::Failed {
            reason,
            stop: false,
        } = answer(404, r#"{"message":"Unknown Webhook","code":10015}"#)
        else {
            panic!()
        };
        assert!(reason.contains("Unknown Webhook"), "{reason}");
        let Answer::Failed {
            reason,
            stop: false,
        } = answer(
            400,
            r#"{"code":50035,"errors":{"content":{"_errors":[{"code":"BASE_TYPE_MAX_LENGTH","message":"Must be 2000 or fewer in length."}]}},"message":"Invalid Form Body"}"#,
        )
        else {
            panic!()
        };
        assert_eq!(
            reason,
            "Discord refused the message (50035 Invalid Form Body: content: Must be 2000 or fewer in length.)"
        );
        assert!(matches!(answer(0, ""), Answer::Failed { stop: true, .. }));
        assert_eq!(
            answer(502, ""),
            Answer::Unsure("Discord answered 502".into())
        );
        assert_eq!(answer(200, "<html>"), Answer::Sent("?".into()));
        assert_eq!(pause(Some(0), Some(1.5)), Some(1.5));
        assert_eq!(pause(Some(3), Some(1.5)), None);
        assert_eq!(pause(None, None), None);
    }
}
