// The words of the demo site that `npm run seed:demo` writes: 32 posts (8 per category) and the
// three 'Currently' cards. Pure data, kept apart from the seeding code so the writing can be edited
// without reading any of it. The content is HTML limited to what the post editor itself produces,
// so a demo post looks and edits exactly like one the author wrote.
import type { Category, UpcomingTitle } from '../server/generated/prisma/client.ts';

export interface DemoPost {
  title: string;
  subtitle: string;
  category: Category;
  /** How long before the seed run the post was "written": the site looks lived in, not bulk-loaded. */
  daysAgo: number;
  content: string;
}

export interface DemoCard {
  title: UpcomingTitle;
  subtitle: string;
}

/** The only tags demo content may use (the editor's toolbar: marks, quote, lists, links, breaks). */
export const DEMO_CONTENT_TAGS = ['p', 'strong', 'em', 'u', 's', 'blockquote', 'ol', 'ul', 'li', 'a', 'br'] as const;

// Links open in a new tab without handing the opened page a reference to ours.
const link = (href: string, text: string) => `<a href="${href}" target="_blank" rel="noopener noreferrer">${text}</a>`;
const wiki = (page: string, text: string) => link(`https://en.wikipedia.org/wiki/${page}`, text);

// Newest first; categories are interleaved so the 'Latest' list and every category page look busy.
export const DEMO_POSTS: readonly DemoPost[] = [
  {
    title: 'Frieren Is About What Happens After',
    subtitle: 'A fantasy that begins when the quest ends',
    category: 'anime',
    daysAgo: 2,
    content: [
      `<p>Most fantasy stories end with the demon king dead and the party heading home. <em>Frieren: Beyond Journey's End</em> starts there, at the victory parade, and then skips fifty years in about ten minutes. Himmel the hero grows old and dies, and Frieren, an elf for whom a decade is a short nap, realises at his funeral that she never really got to know him.</p>`,
      `<p>That is the whole engine of the show: grief that arrives late. Every town Frieren revisits with her apprentice Fern and the young warrior Stark has a statue of Himmel in it, and every statue comes with a memory she only now understands. It is a quiet, generous way to tell a story, and it made me tear up over a field of flowers more than once.</p>`,
      `<blockquote>The show trusts silence. Whole minutes go by with nothing but footsteps, wind and Evan Call's soundtrack, and they never feel empty.</blockquote>`,
      `<p>It also has some of the best fights in recent anime. The <strong>First-Class Mage Exam</strong> arc treats magic like a craft with a history: Zoltraak, once a terrifying demon spell, is now so well understood that every mage learns it as ordinary offensive magic. That one idea says more about time passing than any speech could.</p>`,
      `<p>If you love the feeling of wandering an <strong>open world</strong> game with no quest marker, just to see what is over the next hill, ${wiki('Frieren', 'Frieren')} is that feeling turned into television. Watch it slowly. It was made to be watched slowly.</p>`,
    ].join(''),
  },
  {
    title: 'Tears of the Kingdom Made Me an Engineer',
    subtitle: 'Ultrahand turns Hyrule into a workshop',
    category: 'game',
    daysAgo: 9,
    content: [
      `<p>I spent my first ten hours in <em>The Legend of Zelda: Tears of the Kingdom</em> not <s>saving Hyrule</s> doing anything useful, but building a very bad car. Four wheels, a fan, a steering stick and a frame of planks glued together with Ultrahand. It drove straight into a river. I laughed out loud, and then I built a better one.</p>`,
      `<p>That is the trick Nintendo pulled. <em>Breath of the Wild</em> gave us an <strong>open world</strong> where you could go anywhere; its sequel gives you the tools to get there in ways nobody at Nintendo planned. Fuse a Keese eyeball to an arrow and it homes in on enemies. Fuse a rocket to a shield and you have a jump pack. Every system talks to every other system.</p>`,
      `<p>The map is also three maps stacked on top of each other. The sky islands are beautiful but thin. The Depths are the real surprise: a pitch-black mirror of the surface where every Lightroot you wake pushes the darkness back a little. Dropping into a chasm for the first time is one of the great moments of the decade.</p>`,
      `<p>My complaints are small but real. The story is told through memories again, and again you find them out of order, so the big reveal lands softer than it should. The temples are better than the Divine Beasts, but they are still not classic Zelda dungeons.</p>`,
      `<p>None of that matters when you are three hours into a flying machine made of two fans and a minecart. <u>Play it with a friend on the couch</u>, just to hear them react to your inventions. (${wiki('The_Legend_of_Zelda:_Tears_of_the_Kingdom', 'More about the game')}.)</p>`,
    ].join(''),
  },
  {
    title: 'Severance Is the Best Office Horror on TV',
    subtitle: 'Work-life balance taken to its logical end',
    category: 'tv',
    daysAgo: 15,
    content: [
      `<p>The premise of <em>Severance</em> sounds like a sketch: a surgical procedure splits your memory in two, so your "innie" only knows the office and your "outie" only knows life outside it. What Dan Erickson and Ben Stiller built on it is the most unsettling workplace show I have ever seen, and somehow also one of the funniest.</p>`,
      `<p>Lumon Industries is a perfect villain because it never raises its voice. There are finger traps and melon parties as rewards, a break room where you read an apology until you mean it, and a manager, Mr. Milchick, whose smile is scarier than any monster. The Macrodata Refinement team sorts "scary numbers" into bins, and nobody, the audience included, knows why.</p>`,
      `<blockquote>Every great horror story is about something. This one is about how much of yourself you hand over at the office door.</blockquote>`,
      `<p>Adam Scott is brilliant as Mark, playing two versions of one man who slowly stop agreeing with each other. Britt Lower's Helly is the engine of the first season, the new hire who refuses everything, and John Turturro and Christopher Walken give the show its tender heart.</p>`,
      `<p>The first season finale is as good as TV gets: forty minutes of pure tension. The second season is stranger and slower, and not every detour works, but I will follow this show anywhere. And Theodore Shapiro's minimalist piano <strong>soundtrack</strong> has lived in my head ever since.</p>`,
    ].join(''),
  },
  {
    title: 'Dune Is a Warning, Not a Power Fantasy',
    subtitle: 'Rereading Herbert after the films',
    category: 'book',
    daysAgo: 22,
    content: [
      `<p>I reread <em>Dune</em> after Denis Villeneuve's two films, and it struck me how many people still read it as the story of a chosen one who wins. Frank Herbert spent the rest of his life trying to correct that. Paul Atreides is not a hero; he is a catastrophe with good manners.</p>`,
      `<p>The book is explicit about it if you pay attention. Paul sees the holy war coming in his visions, billions dead in his name, and walks into it anyway because every other path looks worse. The Fremen are not saved by him; they are used by a plan the Bene Gesserit seeded centuries earlier. Herbert's point is simple: <strong>be suspicious of charismatic leaders</strong>, especially the ones you like.</p>`,
      `<blockquote>Everyone remembers "fear is the mind-killer". Fewer people remember that the litany belongs to the order quietly breeding a messiah.</blockquote>`,
      `<p>It is also a superb piece of <strong>worldbuilding</strong>. The ecology of Arrakis, the water discipline of the Fremen, the stillsuits, the sandworms behind the spice that makes space travel possible: everything connects. The appendices are worth reading too, especially the one on the planet's ecology.</p>`,
      `<p>The prose can be stiff, and the italic inner thoughts take a while to get used to. But if you read one classic of science fiction this year, make it ${wiki('Dune_(novel)', 'this one')}, and then read <em>Dune Messiah</em>, which is short and is where the warning lands.</p>`,
    ].join(''),
  },
  {
    title: 'Hades Is the Roguelike for Everyone',
    subtitle: 'How dying became the best part of the story',
    category: 'game',
    daysAgo: 30,
    content: [
      `<p>I used to bounce off roguelikes. Losing an hour of progress to one bad room felt like a punishment. <em>Hades</em> fixed that for me by making death the point: every time Zagreus dies, he wakes up in the House of Hades, and everyone there has something new to say about it.</p>`,
      `<p>Supergiant wrote an absurd amount of dialogue for this game, and it shows. Your father is cold, Nyx is kind, Achilles is sad, and Megaera is furious with you for reasons that slowly become clear. Fifty runs in, characters still comment on the exact boon you took or the boss that killed you. The story only moves forward when you fail, which is the smartest design idea I have seen in years.</p>`,
      `<p>The combat is fast and readable. Boons from the Olympians stack in ways that make each run feel different: Zeus's lightning chaining off Athena's deflect, or Dionysus's hangovers ticking away while you dash around. Unlock the <strong>Aspect of Guan Yu</strong> for the spear once and you will never forget it.</p>`,
      `<p>And then there is Darren Korb's <strong>soundtrack</strong>, half metal and half Mediterranean folk, and entirely perfect. The first time "Good Riddance" plays you will understand. If you are worried about difficulty, turn on God Mode: it makes you a little tougher every time you die, and nobody is judging.</p>`,
    ].join(''),
  },
  {
    title: 'Mushishi Is the Calmest Show I Know',
    subtitle: 'Ginko walks, listens and rarely fights',
    category: 'anime',
    daysAgo: 38,
    content: [
      `<p>There is no villain in <em>Mushishi</em>. There is no tournament, no power level, no final battle. There is Ginko, a white-haired man in a modern coat who walks from village to village in a Japan that never quite existed, studying the mushi: simple, strange forms of life that sometimes make people sick, and sometimes give them gifts they cannot keep.</p>`,
      `<p>Every episode is a small folk tale. A boy whose drawings come to life. A girl who cannot bear the light. A man who has spent his whole life chasing a rainbow. Ginko rarely fixes things completely, and the show is honest that nature is not good or evil. It just is.</p>`,
      `<blockquote>Mushishi is the anime equivalent of a long walk in the forest after rain.</blockquote>`,
      `<p>The backgrounds are painted with real love, all moss and mist and mountain rivers, and the sound design is extraordinary. Even the opening, "The Sore Feet Song" by the Scottish songwriter Ally Kerr, somehow fits perfectly. It is a <strong>slow burn</strong> in the best sense.</p>`,
      `<p>Do not binge it. Watch one episode before bed, maybe two. It is the kindest, most calming show I know, and I come back to ${wiki('Mushishi', 'Mushishi')} every winter.</p>`,
    ].join(''),
  },
  {
    title: 'The Bear Made Me Anxious, and I Loved It',
    subtitle: 'Yes, chef: a kitchen show about grief',
    category: 'tv',
    daysAgo: 45,
    content: [
      `<p>I have never worked in a restaurant, and after <em>The Bear</em> I never will. The first season feels like a panic attack with knife skills: Carmy, a fine-dining chef, comes home to Chicago to run his late brother's sandwich shop, The Original Beef of Chicagoland, and everything is on fire, sometimes literally.</p>`,
      `<p>Under the shouting, it is a show about grief and family. Carmy cannot talk about his brother, so he cooks. Richie, loud and hurt, cannot admit he is scared of becoming useless. Sydney wants to build something real and keeps getting burned by people who love her badly. Everybody says "yes, chef" when they mean "I am not okay".</p>`,
      `<p>"Review", the seventh episode of the first season, is shot as a single continuous take of about twenty minutes, and by the end I realised I had been holding my breath. In season two, "Fishes" is a Christmas dinner so tense it made me call my mother, and "Forks" is the best episode of all: Richie spends a week polishing forks in a fine restaurant and finds his dignity. Yes, he sings "Love Story" in the car. Yes, I cried.</p>`,
      `<p>The later seasons drift and repeat themselves, and I wish the show had known when to stop. But the first two are close to perfect, with a <strong>soundtrack</strong> of needle drops that makes every montage sing.</p>`,
    ].join(''),
  },
  {
    title: 'Piranesi Is a House Made of Wonder',
    subtitle: "Susanna Clarke's strange, gentle mystery",
    category: 'book',
    daysAgo: 53,
    content: [
      `<p><em>Piranesi</em> is short, and I read it in two sittings. Its narrator lives in the House: endless halls of marble statues, with an ocean in its lower floors whose tides he records in his journals. As far as he knows, the world holds only him, a handful of skeletons he tends with care, and one living man he calls the Other, who visits twice a week.</p>`,
      `<p>The joy of the book is that narrator's voice. He is kind, careful and completely sincere, and he loves the House the way a child loves a forest. He catalogues the statues, names the birds, and dates his entries by events, like the Year the Albatross came to the South-Western Halls. You will want to live there too.</p>`,
      `<p>Then the mystery starts to show through the cracks, and I will say nothing about it except that it is handled with enormous grace. Susanna Clarke spent years too ill to write, and it is hard not to read ${wiki('Piranesi_(novel)', 'the book')} as being about a mind finding beauty in a world that has become very small.</p>`,
      `<p>If you loved <em>Jonathan Strange &amp; Mr Norrell</em> but found it long, this is its opposite: a <strong>tiny, perfect book</strong>. If you have never read Clarke, start here.</p>`,
    ].join(''),
  },
  {
    title: 'Elden Ring and the Joy of Getting Lost',
    subtitle: 'An open world that trusts you to wander',
    category: 'game',
    daysAgo: 61,
    content: [
      `<p>Most <strong>open world</strong> games hand you a checklist. <em>Elden Ring</em> hands you a vague direction and puts a giant golden knight on horseback at the end of the first road, who will kill you in three hits. Then it lets you go literally anywhere else.</p>`,
      `<p>That trust is what makes it special. In Limgrave I found caves with bosses, a dragon over a swamp and a castle I was not ready for, and none of it was marked. When a tiny elevator took me down to Siofra River, a huge underground valley under a sky of fake stars, I put the controller down and just looked.</p>`,
      `<blockquote>FromSoftware finally made the map the main character.</blockquote>`,
      `<p>Yes, it is hard. But the open world is also the best difficulty slider ever made: stuck on Margit? Go somewhere else, level up, and come back with Spirit Ashes and a better sword. Stormveil Castle alone has better level design than most entire games.</p>`,
      `<p>It is not perfect. The late game reuses bosses, and some fights (hello, Malenia) feel designed to punish rather than teach. But its first forty hours are the best exploration I have had since <em>Breath of the Wild</em>, and Torrent, the spectral horse, deserves an award of his own.</p>`,
    ].join(''),
  },
  {
    title: 'Shōgun Earns Every Minute of Its Slow Burn',
    subtitle: 'Politics, patience and perfect subtitles',
    category: 'tv',
    daysAgo: 69,
    content: [
      `<p>I expected <em>Shōgun</em> to be a handsome costume drama about an Englishman in Japan. It turned out to be one of the best political thrillers I have seen, and the Englishman is the least interesting person in it.</p>`,
      `<p>The genius of the 2024 adaptation is perspective. James Clavell's novel follows John Blackthorne, a shipwrecked pilot; the series gives equal weight to Lord Toranaga, played with terrifying stillness by Hiroyuki Sanada, and to Mariko, the translator caught between them, played by Anna Sawai. Most of the dialogue is in Japanese with subtitles, and it never feels like homework.</p>`,
      `<p>It is a <strong>slow burn</strong>: whole episodes are negotiations, poems and tea. But every conversation is a move in a game of chess where losing means death, and when the violence comes it is sudden and awful. Toranaga's last conversation reframes the entire season in one quiet speech.</p>`,
      `<p>Mariko's story in the ninth episode is the best single hour of television of that year, and I will leave it at that. <strong>Watch it with the lights off and your phone in another room.</strong></p>`,
    ].join(''),
  },
  {
    title: 'Cowboy Bebop Is Jazz You Can Watch',
    subtitle: "Yoko Kanno's soundtrack carries everything",
    category: 'anime',
    daysAgo: 76,
    content: [
      `<p>Three, two, one, let's jam. The opening of <em>Cowboy Bebop</em>, with "Tank!" blasting over those cut-out title cards, is still the coolest ninety seconds in anime, and the show has aged better than anything else from 1998.</p>`,
      `<p>On paper it is a space western about four broke bounty hunters and a data dog. In practice it is about people who cannot stop living in the past. Spike is chasing a woman and a syndicate he left behind, Jet cannot forgive the partner who betrayed him, Faye has no memory of who she was. Only Ed, the hacker kid, seems free, and even Ed leaves in the end.</p>`,
      `<p>The <strong>soundtrack</strong> by Yoko Kanno and the Seatbelts is the heart of it. Jazz, blues, bossa nova, hard rock and harmonica ballads: each episode is built around its music like a song around its chorus, and "The Real Folk Blues" over the end credits says everything the characters will not.</p>`,
      `<ul><li><strong>Start with:</strong> "Ballad of Fallen Angels", episode five.</li><li><strong>The weird one:</strong> "Toys in the Attic", a horror parody about a fridge.</li><li><strong>The best one:</strong> "Jupiter Jazz", both parts.</li></ul>`,
      `<p>Skip the live-action remake.<br>See you, space cowboy.</p>`,
    ].join(''),
  },
  {
    title: 'Project Hail Mary Is Pure Joy',
    subtitle: 'Science homework has never been this warm',
    category: 'book',
    daysAgo: 84,
    content: [
      `<p>A man wakes up on a spaceship with no memory, next to two dead crewmates, and slowly works out from first principles where he is and why. <em>Project Hail Mary</em> is Andy Weir doing what he did in <em>The Martian</em>, science as problem solving, but with a much bigger heart.</p>`,
      `<p>Ryland Grace was a middle-school science teacher, which is exactly why he is such a good narrator: he explains everything, and he makes the physics feel like a trick you could do at home. The Sun is dimming because of a microbe called Astrophage, and the answer might be at Tau Ceti.</p>`,
      `<p>I will not spoil what he finds there, except to say that it is my favourite friendship in any science fiction novel. Fist my bump.</p>`,
      `<blockquote>Amaze, amaze, amaze.</blockquote>`,
      `<p>The writing is plain and sometimes clunky, and you can see the flashbacks coming. I did not care at all: I read the last hundred pages in one night. If you want a book that makes you feel good about people and about learning, <u>this is the one</u>.</p>`,
    ].join(''),
  },
  {
    title: 'Outer Wilds: Knowledge Is the Only Upgrade',
    subtitle: 'A 22-minute loop I still think about',
    category: 'game',
    daysAgo: 93,
    content: [
      `<p>Every twenty-two minutes the sun explodes, and you wake up again at the campfire where you started. That is the whole setup of <em>Outer Wilds</em>, and it is the best mystery game I have ever played.</p>`,
      `<p>There are no upgrades. Your ship, your jetpack and your translator are the same at the end as at the start. The only thing that changes is what <em>you</em> know: where a tunnel leads, when a column of sand drains away, what the ancient Nomai were trying to do before they vanished. The ship's log keeps track of your clues, and the solar system is a clockwork toy you slowly learn to read.</p>`,
      `<p>It is an <strong>open world</strong> in the truest sense: everything is reachable from the first minute, if you know how. Brittle Hollow is crumbling into the black hole at its core, Giant's Deep is an ocean of tornadoes, and Dark Bramble is a thing I refuse to describe.</p>`,
      `<p>Andrew Prahlow's banjo <strong>soundtrack</strong> turns every campfire into home. And when the music starts as the sun goes supernova, you stop being afraid and just watch.</p>`,
      `<p><strong>Go in blind.</strong> Do not read a wiki, do not watch videos. It is a game you can only play for the first time once.</p>`,
    ].join(''),
  },
  {
    title: 'Vinland Saga Season 2 Is the Real Story',
    subtitle: 'The farm arc is not filler: it is the point',
    category: 'anime',
    daysAgo: 101,
    content: [
      `<p>The first season of <em>Vinland Saga</em> is a great revenge story. Thorfinn, a child soldier, fights for the man who killed his father, waiting for his chance at a duel. Askeladd is one of the best characters in anime, charming and monstrous at once. Then the season ends, and the revenge is taken away.</p>`,
      `<p>Season two puts Thorfinn on a farm in Denmark as a slave, and a lot of people dropped the show right there. They missed the best part. Slowly, through hard work and his friendship with Einar, another slave, Thorfinn has to face what he has done. He dreams of every man he killed. He decides he has no enemies.</p>`,
      `<blockquote>A story that spent twenty-four episodes on violence spends twenty-four more asking what it cost.</blockquote>`,
      `<p>It is a <strong>slow burn</strong>, and some episodes are mostly ploughing. But when the farm is attacked near the end, the way Thorfinn chooses to respond is the most powerful moment in any anime I have watched recently. Makoto Yukimura wrote a war story that grows up along with its hero. (${wiki('Vinland_Saga', 'Where to start')}.)</p>`,
    ].join(''),
  },
  {
    title: 'Arcane Shows What Animation Can Do',
    subtitle: 'A video game show that needs no game',
    category: 'tv',
    daysAgo: 110,
    content: [
      `<p>I have never played <em>League of Legends</em>, and I do not plan to. <em>Arcane</em> did not need me to. It is the story of two sisters, Vi and Powder, growing up in the undercity of Zaun beneath the shining city of Piltover, and of what happens when one of them becomes Jinx.</p>`,
      `<p>Fortiche's animation looks like a painted comic book come to life: brushstroke textures, neon graffiti, faces that carry real acting. Jinx's breakdowns are scribbled right onto the screen, the kind of thing only animation can do. Every frame could be a poster.</p>`,
      `<p>The <strong>soundtrack</strong> is licensed pop and rap, and it should not work, but it does: "Enemy" by Imagine Dragons and JID opens every episode, and the fights are cut like music videos. The first season's last act, with Jinx at the dinner table, is as tense as any live-action thriller.</p>`,
      `<p>The second season tries to do too much in too few episodes, and some characters get rushed. But Arcane is proof that a video game adaptation can be great when it is made by people who care about the story first.</p>`,
    ].join(''),
  },
  {
    title: 'The Left Hand of Darkness Still Feels New',
    subtitle: 'Le Guin, Gethen and a long walk on the ice',
    category: 'book',
    daysAgo: 118,
    content: [
      `<p>Ursula K. Le Guin published <em>The Left Hand of Darkness</em> in 1969, and it still reads like a book from the future. An envoy named Genly Ai comes to the frozen planet Gethen to invite it into an interplanetary league, and fails at almost everything because he cannot stop seeing its people as men or women. Gethenians are neither, most of the time.</p>`,
      `<p>The gender idea is what the book is famous for, and it is handled with curiosity rather than lectures. But what I love most is the friendship at its centre, between Genly and Estraven, a disgraced politician who is the only person on the planet who truly trusts him. Neither understands the other until it is almost too late.</p>`,
      `<p>The last third is a crossing of the Gobrin Ice on foot, two people hauling a sledge across a glacier for weeks, and it is some of the most beautiful writing about cold, hunger and intimacy I have read. I read it in August and still felt chilly.</p>`,
      `<p>It is slow at the start, with invented myths and reports dropped between chapters. Push through. It is a masterpiece of <strong>worldbuilding</strong> that never forgets it is about people. (${wiki('The_Left_Hand_of_Darkness', 'Background on the novel')}.)</p>`,
    ].join(''),
  },
  {
    title: 'Disco Elysium Argues With Itself',
    subtitle: 'The best writing in games, full stop',
    category: 'game',
    daysAgo: 127,
    content: [
      `<p>You wake up in a trashed hostel room in Revachol with no memory, one shoe and a hangover so strong your own necktie talks to you. Within five minutes of <em>Disco Elysium</em> you have argued with your limbic system, failed a check to get dressed and learned you are a police detective. It only gets better.</p>`,
      `<p>There is almost no combat. Your skills are voices in your head: Inland Empire is your gut feeling, Electrochemistry wants you to drink, Half Light is always afraid, and Encyclopedia will not stop telling you useless facts. They interrupt conversations, argue with each other and sometimes lie. Building a character means choosing which voices get to be the loudest.</p>`,
      `<p>Your partner, Lieutenant Kim Kitsuragi, is the best companion in any role-playing game. He is patient, dry and decent, and every time you do something absurd he writes it down in his notebook without a word. Earning his respect matters more than solving the murder.</p>`,
      `<p>The politics are sharp and funny, and take shots at communists, fascists, liberals and moralists alike. And it is a game about failure: you can fail check after check and still get some of the best scenes. <strong>Play the Final Cut</strong>, which is fully voiced.</p>`,
    ].join(''),
  },
  {
    title: 'Better Call Saul Outgrew Breaking Bad',
    subtitle: 'A slow tragedy about a man who could change',
    category: 'tv',
    daysAgo: 135,
    content: [
      `<p>I will say it: <em>Better Call Saul</em> is better than <em>Breaking Bad</em>. Walter White was a man discovering he had always been a monster. Jimmy McGill is a man who could have been good, and for six seasons we watch every small choice that turns him into Saul Goodman.</p>`,
      `<p>The show is patient in a way few dramas dare to be. A whole scene can be Mike taking a car apart, piece by piece, to find a tracker. It is a <strong>slow burn</strong>, but every detail pays off: the cleverness Jimmy shows off in the first season is the same cleverness that destroys the people he loves by the last.</p>`,
      `<blockquote>Chuck never forgave his brother for being himself. Jimmy never forgave himself either.</blockquote>`,
      `<p>And then there is Kim Wexler. Rhea Seehorn gives one of the great performances in television, and it is a scandal that she never won an Emmy for it. Kim is the show's moral centre and its biggest question: what happens when two clever people egg each other on?</p>`,
      `<p>The black-and-white scenes with "Gene" in Omaha start as a curiosity and end as the whole point. The final episode is quiet, brave and exactly right.</p>`,
    ].join(''),
  },
  {
    title: 'Brotherhood Earns Its Place at the Top',
    subtitle: 'Equivalent exchange and a perfect ending',
    category: 'anime',
    daysAgo: 144,
    content: [
      `<p>Whenever someone asks me where to start with anime, I say <em>Fullmetal Alchemist: Brotherhood</em>. It has everything: action, comedy, horror, politics, a huge cast and, rarest of all, an ending that ties up every thread.</p>`,
      `<p>Edward and Alphonse Elric try to bring their mother back with alchemy and pay for it. Ed loses an arm and a leg; Al loses his whole body, his soul bound to a suit of armour. The law of <strong>equivalent exchange</strong>, that you cannot gain anything without giving up something of equal value, becomes the moral question of the whole series.</p>`,
      `<p>The show is not afraid of the dark. The Nina Tucker episode comes early and it will wreck you. The Ishval war, told in flashbacks, is about soldiers who did terrible things under orders and now have to live with them; Roy Mustang, Riza Hawkeye and Scar all carry that war with them.</p>`,
      `<p>Sixty-four episodes sounds like a lot, but there is almost no filler, and the Promised Day is a dozen episodes of payoff in a row. ${wiki('Fullmetal_Alchemist:_Brotherhood', 'Start it')} this weekend, and do not skip the first opening, "Again".</p>`,
    ].join(''),
  },
  {
    title: 'The Three-Body Problem Is Ideas First',
    subtitle: 'Thin characters, unforgettable concepts',
    category: 'book',
    daysAgo: 152,
    content: [
      `<p>Liu Cixin's <em>The Three-Body Problem</em> opens during the Cultural Revolution, with a physicist beaten to death in front of his daughter, Ye Wenjie. That daughter will later make a choice that decides the fate of humanity. It is one of the bleakest and boldest openings in science fiction.</p>`,
      `<p>Let me be honest about its weaknesses: most of the characters are thin, the dialogue is functional, and the women are written badly. Ken Liu's translation is smooth, but it cannot fix that. If you need people to care about, this may frustrate you.</p>`,
      `<p>But the ideas! A virtual reality game whose players try to build a civilisation on a world with three suns. A proton unfolded into two dimensions and etched with circuits. A countdown that appears in a scientist's photographs and then in his own eyes. Every few chapters the book pulls the floor out from under you.</p>`,
      `<p>It also gets better as it goes. <em>The Dark Forest</em>, the second book, is where the series becomes essential, with the most chilling answer to "where is everybody?" I have ever read. <strong>Read the first book for the setup. Stay for the second.</strong></p>`,
    ].join(''),
  },
  {
    title: 'Hollow Knight Still Has No Equal',
    subtitle: 'Hallownest, its map and its soundtrack',
    category: 'game',
    daysAgo: 161,
    content: [
      `<p>A tiny team at Team Cherry made <em>Hollow Knight</em>, and it is still the best metroidvania I have played. For the price of a lunch you get a vast ruined kingdom of bugs, Hallownest, and dozens of hours of some of the most precise platforming and combat around.</p>`,
      `<p>The best design choice is the map. You do not get one when you enter an area: you have to find Cornifer, the cartographer, by following his humming and the paper scraps on the floor, and buy it from him. Until then you are truly lost, and that makes every shortcut you open feel earned.</p>`,
      `<p>Christopher Larkin's <strong>soundtrack</strong> is melancholy strings and piano, and the City of Tears, where rain falls forever on a dead city, is the best marriage of music and place in any game. Greenpath, Deepnest, the Resting Grounds: every area has a mood of its own.</p>`,
      `<p>It is hard, and the Path of Pain is not for mortals. But unlike a lot of hard games, it is always fair. Even after <em>Silksong</em>, the original holds up completely.</p>`,
    ].join(''),
  },
  {
    title: 'Evangelion Is Not About Robots',
    subtitle: 'Depression, mechs and a very strange finale',
    category: 'anime',
    daysAgo: 170,
    content: [
      `<p>A fourteen-year-old boy is told by his cold, absent father to climb into a giant bio-machine and fight angels. Shinji Ikari says no. Then he says yes. That tension runs through all of <em>Neon Genesis Evangelion</em>: it looks like a mecha show, but it is really about depression and the terror of letting other people close.</p>`,
      `<p>Hideaki Anno made it after years of depression, and you can feel it. The first half is mostly an excellent monster-of-the-week show with great action and some of the best character animation of the nineties. The second half falls apart, partly on purpose and partly because the production ran out of time and money, and ends with two episodes set almost entirely inside the characters' heads.</p>`,
      `<blockquote>Everyone has a favourite ending. Mine is the one where the show admits it cannot save anyone, and then tries anyway.</blockquote>`,
      `<p>My recommended order:</p>`,
      `<ol><li>The television series, all twenty-six episodes.</li><li><em>The End of Evangelion</em>, the film with the "real" ending. It is brutal.</li><li>The four Rebuild films, ending with <em>3.0+1.0</em>, the kindest goodbye Anno could give.</li></ol>`,
      `<p>Together they are a quarter-century conversation between an artist and his own work.</p>`,
    ].join(''),
  },
  {
    title: 'Succession Is a Comedy About Tragedy',
    subtitle: 'Nobody in the Roy family says what they mean',
    category: 'tv',
    daysAgo: 178,
    content: [
      `<p>I spent four seasons of <em>Succession</em> laughing at people I would cross the street to avoid. The Roy siblings, Kendall, Shiv and Roman, want their father Logan's media empire, and each of them is too damaged to get it. The insults are an art form, and underneath them is a family that has never learned to love without a price attached.</p>`,
      `<p>The writing is the star. Tom and Greg, the show's accidental double act, speak a language of insults and favours that is somehow also friendship. Roman's jokes are how he avoids feeling anything. Kendall performs "L to the OG" at a party in his father's honour, and it is the most uncomfortable scene ever filmed.</p>`,
      `<p>Nicholas Britell's theme, a pompous piano piece over a hip-hop beat, is the best TV <strong>soundtrack</strong> of the decade, and it tells you everything about the show: classical grandeur with something a little ridiculous underneath.</p>`,
      `<p>"Connor's Wedding" in the last season is a masterpiece about how people actually receive terrible news: in phone calls, in pieces, from the wrong person. The finale gives every character exactly what they deserve, which is to say almost nothing.</p>`,
    ].join(''),
  },
  {
    title: 'Hyperion, the Canterbury Tales in Space',
    subtitle: 'Seven pilgrims, six stories and the Shrike',
    category: 'book',
    daysAgo: 187,
    content: [
      `<p>Seven pilgrims travel to the planet Hyperion to meet the Shrike, a creature of blades and thorns that may grant one of them a wish and kill the rest. On the way, each tells the story of why they came. That is <em>Hyperion</em>, Dan Simmons's 1989 novel, and its structure borrows openly from Chaucer.</p>`,
      `<p>Each tale is a different genre. The Priest's Tale is a horror story about a missionary and a cross-shaped parasite. The Soldier's Tale is military science fiction. The Poet's Tale is a foul-mouthed satire. And the Scholar's Tale, about a father whose daughter is ageing backwards, is the most devastating thing I have read in science fiction. I had to put the book down for a day.</p>`,
      `<p>The <strong>worldbuilding</strong> is dense, with farcaster portals, a web of worlds and AIs with their own agenda, but it never arrives as a lecture: it leaks out of the stories, and you piece it together as the pilgrims do.</p>`,
      `<p>A warning: the book ends just as the pilgrims arrive. You will need <em>The Fall of Hyperion</em>, which is why it is on my nightstand right now.</p>`,
    ].join(''),
  },
  {
    title: "Baldur's Gate 3 Says Yes to Everything",
    subtitle: 'Every silly plan works, or fails in style',
    category: 'game',
    daysAgo: 196,
    content: [
      `<p>In my first hour of <em>Baldur's Gate 3</em> I talked my way past a fight, stole a guard's boots while he was distracted and shoved a goblin off a cliff. Larian took the chaos of a real Dungeons &amp; Dragons table and turned it into a game, and every silly plan I came up with seemed to have been expected.</p>`,
      `<p>The companions are the big draw. Astarion, the vampire with a sharp tongue. Shadowheart, who hides everything. Karlach, a big-hearted barbarian with an infernal engine where her heart should be. Lae'zel, who thinks you are all weak. They have opinions about everything you do, and they will leave if you push them too far.</p>`,
      `<p>It is not an <strong>open world</strong>, but each act is a huge, dense region where almost every quest can be solved several ways: fight, sneak, talk, or something stupid with a crate and a barrel of explosives. The dice roll on screen for every dialogue check, and I have never cared so much about a natural 20.</p>`,
      `<p>Act 3, in the city itself, was overstuffed and buggy at launch, and the ending feels a little rushed. But I have finished it twice and I still find scenes I never saw. That is what a great RPG feels like.</p>`,
    ].join(''),
  },
  {
    title: 'Twin Peaks: The Return Is Not for Everyone',
    subtitle: 'Part 8 and the outer limits of television',
    category: 'tv',
    daysAgo: 205,
    content: [
      `<p>Twenty-five years after the original series, David Lynch and Mark Frost came back with eighteen hours of <em>Twin Peaks</em>, and made something almost nobody expected. <em>The Return</em> barely visits the town. Agent Cooper spends most of it as Dougie Jones, a blank man in Las Vegas who can only repeat what people say to him.</p>`,
      `<p>It is frustrating, on purpose. Lynch withholds the Cooper everyone wants for sixteen hours, and the waiting becomes part of the story. When he finally comes back, the moment lands harder than any satisfying twist could have.</p>`,
      `<p>Then there is Part 8: an hour of mostly black-and-white images, from the first atomic bomb test in 1945, with a long journey into the explosion set to Penderecki's <em>Threnody to the Victims of Hiroshima</em>, to a woodsman on the radio asking for a light. It is the most radical hour ever broadcast on cable, and I have watched it five times.</p>`,
      `<p>Angelo Badalamenti's <strong>soundtrack</strong> returns, and almost every part ends with a band at the Roadhouse. The last part will make you angry or make you cry, maybe both. Watch the original two seasons and <em>Fire Walk with Me</em> first, then ${wiki('Twin_Peaks_(2017_TV_series)', 'take the plunge')}.</p>`,
    ].join(''),
  },
  {
    title: 'Mob Psycho 100 Has the Biggest Heart',
    subtitle: 'Reigen is the best mentor in anime',
    category: 'anime',
    daysAgo: 214,
    content: [
      `<p>Shigeo Kageyama, called Mob, is the most powerful psychic in the world, and all he wants is to be noticed by a girl at school, get stronger in the body improvement club and never lose his temper. <em>Mob Psycho 100</em>, from ONE, the creator of <em>One-Punch Man</em>, is an action show that keeps telling you that power is not what makes a person matter.</p>`,
      `<p>Studio Bones turns the fights into explosions of colour and hand-drawn chaos, some of the best animation on television. But the best scenes are small: Mob's emotion meter creeping towards 100%, the body improvement club cheering him on in a race he is clearly losing, his little brother learning to stop living in his shadow.</p>`,
      `<p>And then there is Reigen Arataka, a fake psychic and con man who charges for exorcisms he cannot perform. He is also the best mentor in anime. He lies about almost everything except the one thing that counts: he tells Mob, again and again, that his powers do not make him special, and that it is fine to run away from things that are bad for you.</p>`,
      `<p>The final season's ending made me cry in a way I did not expect from a show this silly. <strong>Watch all three seasons.</strong> It gets better every time.</p>`,
    ].join(''),
  },
  {
    title: 'Blood Meridian Is Hard and Worth It',
    subtitle: "McCarthy's prose at its most biblical",
    category: 'book',
    daysAgo: 223,
    content: [
      `<p>I have started <em>Blood Meridian</em> three times. The third time I finished it, and I have not stopped thinking about it since. Cormac McCarthy's 1985 novel follows "the kid", a runaway who joins the Glanton gang, a band of scalp hunters riding the borderlands between Texas and Mexico around 1850. What they do is unspeakable, and McCarthy describes it anyway.</p>`,
      `<p>The violence is constant and numbing, and that is the point: there is no hero, no redemption and no lesson, just a landscape that does not care. The prose is like nothing else, long biblical sentences without quotation marks, full of words you will need a dictionary for, and then suddenly a desert sunset so beautiful it hurts.</p>`,
      `<blockquote>Judge Holden is the most frightening character in American literature: huge, hairless, brilliant, a dancer and a fiddler, who says that he will never die.</blockquote>`,
      `<p>It is not a book I recommend to everyone. But if you have read <em>The Road</em> or <em>No Country for Old Men</em> and want to see McCarthy at full strength, ${wiki('Blood_Meridian', 'this is it')}. Read it slowly, and out loud when you can.</p>`,
    ].join(''),
  },
  {
    title: 'Red Dead Redemption 2 Is Slow on Purpose',
    subtitle: 'Why the open world drags, and why it works',
    category: 'game',
    daysAgo: 238,
    content: [
      `<p>Everything in <em>Red Dead Redemption 2</em> takes too long. Arthur Morgan walks slowly through camp. Skinning a deer is a full animation. Looting a body takes seconds. Your horse needs feeding, brushing and trust. For the first ten hours I was annoyed, and then I realised the game was teaching me to slow down.</p>`,
      `<p>This is an <strong>open world</strong> that is not about content but about living in a place. Rockstar's America of 1899 is the most detailed world any game has built, from the mud on Valentine's main street to the fog on the bayou outside Saint Denis. I spent hours just riding, hunting and listening to strangers by the road.</p>`,
      `<p>And the story is the best Rockstar has written. Arthur is a violent man in a dying gang led by Dutch van der Linde, who is losing his mind in slow motion. Arthur's illness, and his attempts to do one good thing before the end, are genuinely moving. The moment a song starts on a long ride and you realise where the story is going is unforgettable.</p>`,
      `<p>The missions are too strict and the controls fight you. <em>But no other game has made me care so much about a man, a horse and a sunset.</em></p>`,
    ].join(''),
  },
  {
    title: 'The Wire Is Still the Bar',
    subtitle: 'A city, not a case of the week',
    category: 'tv',
    daysAgo: 252,
    content: [
      `<p>More than twenty years on, <em>The Wire</em> is still the show every crime drama is measured against, and most of them lose. David Simon's series about Baltimore starts as a police investigation into one drug crew and, over five seasons, widens to the docks, City Hall, the schools and the newspaper.</p>`,
      `<p>The main character is the city. Cops, dealers, dockworkers, politicians and teachers are all stuck in institutions that make them worse. McNulty is brilliant and self-destructive; Stringer Bell tries to run a drug crew like a business; Omar robs dealers with a shotgun and a strict moral code. Nobody is only good or only bad.</p>`,
      `<blockquote>All the pieces matter.</blockquote>`,
      `<p>Season four, about four boys in middle school, is the best season of television I have seen. It is heartbreaking because you can see exactly how every institution fails each one of them, and nobody comes to save them.</p>`,
      `<p>It takes a few episodes to get into; the slang is thick and the pace is slow. Turn on subtitles and give it until the sixth episode. <strong>You will not regret it.</strong></p>`,
    ].join(''),
  },
  {
    title: 'The Name of the Wind and the Long Wait',
    subtitle: 'A great first book, and still no third',
    category: 'book',
    daysAgo: 271,
    content: [
      `<p><em>The Name of the Wind</em> is one of the most enjoyable fantasy novels I have read, and I am a little angry about it. Patrick Rothfuss published it in 2007, <em>The Wise Man's Fear</em> followed in 2011, and the third book, <em>The Doors of Stone</em>, still does not exist.</p>`,
      `<p>The setup is lovely: a legendary hero, Kvothe, now hiding as an innkeeper, tells his true story to a scribe over three days, one book per day. The first covers his childhood with a troupe of travelling players, his parents' murder by the mysterious Chandrian, years as a street orphan and his arrival at the University, where magic is taught like a science.</p>`,
      `<p>The prose is musical, and music is at the heart of the book: the chapter where Kvothe plays for his talent pipes is one of my favourites in all of fantasy. The <strong>worldbuilding</strong> is subtle and full of hints that readers are still arguing about online.</p>`,
      `<p>Is Kvothe too good at everything? Yes. Is the romance with Denna frustrating? Also yes. Should you start a trilogy that may never end? I still say yes, but go in with your eyes open.</p>`,
    ].join(''),
  },
  {
    title: 'Attack on Titan Changed Its Mind',
    subtitle: 'From monster show to a story about cycles',
    category: 'anime',
    daysAgo: 296,
    content: [
      `<p>When <em>Attack on Titan</em> started in 2013, it was a brilliant monster show: humanity behind giant walls, man-eating giants outside, and Eren Yeager screaming that he would kill every last one of them. I watched the first season with my heart in my throat.</p>`,
      `<p>Then, late in the third season, the characters finally reach the basement, and the whole story flips. The walls, the titans, the enemy: nothing is what we were told. From there Hajime Isayama's story is about war, propaganda and inherited hatred, and it asks uncomfortable questions about who the real monsters are.</p>`,
      `<p>The final season, animated by MAPPA after Wit Studio's first three, is grim and huge. Eren becomes something the first season could never have prepared you for, and the Rumbling is one of the most terrifying sequences in anime. Hiroyuki Sawano's <strong>soundtrack</strong> makes every battle feel like the end of the world.</p>`,
      `<p>The ending divided fans, and I understand why: it explains Eren too much. But I respect a story that was willing to turn its own premise inside out. Few long-running shows have <s>the budget</s> the nerve.</p>`,
    ].join(''),
  },
];

// The 'Currently' carousel: what the author is in the middle of right now.
export const DEMO_CARDS: readonly DemoCard[] = [
  { title: 'Reading', subtitle: 'The Fall of Hyperion by Dan Simmons' },
  { title: 'Watching', subtitle: 'Andor, season 2' },
  { title: 'Playing', subtitle: 'Hollow Knight: Silksong' },
];
