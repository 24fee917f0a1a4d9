-- The pages the author writes (issue 36): about, hire-me, privacy policy and disclaimer were fixed
-- components; they become rows the author edits in the studio, and the author adds pages of their
-- own. Their pictures are PagePicture rows, as a post's are PostPicture rows.

-- CreateEnum
CREATE TYPE "PageStatus" AS ENUM ('DRAFT', 'PUBLISHED');

-- CreateTable
CREATE TABLE "Page" (
    "id" UUID NOT NULL,
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "content" TEXT NOT NULL DEFAULT '',
    "status" "PageStatus" NOT NULL DEFAULT 'DRAFT',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Page_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PagePicture" (
    "pageId" UUID NOT NULL,
    "imageId" UUID NOT NULL,

    CONSTRAINT "PagePicture_pkey" PRIMARY KEY ("pageId","imageId")
);

-- CreateIndex
CREATE UNIQUE INDEX "Page_slug_key" ON "Page"("slug");

-- CreateIndex
CREATE INDEX "PagePicture_imageId_idx" ON "PagePicture"("imageId");

-- AddForeignKey
ALTER TABLE "PagePicture" ADD CONSTRAINT "PagePicture_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "Page"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PagePicture" ADD CONSTRAINT "PagePicture_imageId_fkey" FOREIGN KEY ("imageId") REFERENCES "Image"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Every page may be in the header, the footer, the sitemap and the search: a change is announced as
-- the bare table name, which every server reads as "everything changed"
-- (server/cache/post-changes.ts, changeFromNotice). Pages change rarely.
CREATE FUNCTION "blog_page_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('blog_content_changed', 'Page');
  RETURN NULL;
END;
$$;

CREATE TRIGGER "Page_content_changed"
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Page"
FOR EACH STATEMENT EXECUTE FUNCTION "blog_page_changed"();

-- The first content: the texts the fixed pages showed, as the editor stores them (sanitized, with
-- their headings' ids). What came from the site settings in their sentences (the owner's name, e-mail
-- and portfolio) is shown by the page's screen under the text, from the settings
-- (client/src/features/posts/owner-details.tsx), so a change of the settings still shows there.
-- Made a millisecond apart, in the order the menus named them: a list of pages in the order they
-- were made (the sitemap's) keeps that order.
INSERT INTO "Page" ("id", "slug", "title", "description", "content", "status", "createdAt", "updatedAt") SELECT
  gen_random_uuid(), "slug", "title", "description", "content", 'PUBLISHED',
  CURRENT_TIMESTAMP + "place" * INTERVAL '1 millisecond', CURRENT_TIMESTAMP + "place" * INTERVAL '1 millisecond'
FROM (VALUES
  (0, 'about', 'About', 'Who writes this blog, what it covers, and how to get in touch.',
   '<p>Hi, and welcome. This is my personal corner of the web, where I write about the things I spend my evenings on: video games, anime, TV shows and books.</p><h2 id="what-you-will-find-here">What you will find here</h2><p>Mostly reviews and opinions. Some posts are quick first impressions written the night I finished something; others are longer pieces about why a story landed, why a game’s systems click, or why a series I wanted to love did not quite work for me. The <strong>Currently</strong> cards on the home page show what I am reading, watching and playing at the moment.</p><ul><li><a href="/games" rel="noopener noreferrer">Games</a>: new releases, old favourites and the occasional hidden gem.</li><li><a href="/anime" rel="noopener noreferrer">Anime</a>: series and films, seasonal and classic.</li><li><a href="/tv" rel="noopener noreferrer">TV</a>: dramas, comedies and everything in between.</li><li><a href="/books" rel="noopener noreferrer">Books</a>: novels, manga and some non-fiction.</li></ul><h2 id="how-i-write">How I write</h2><p>Everything here is my honest opinion. Nobody pays for a post, and I buy or borrow what I review. When a post discusses major plot points, it says so at the top, so you can come back later.</p><h2 id="beyond-the-blog">Beyond the blog</h2><p>I am also a web developer; I designed and built this site myself. My portfolio, linked below, shows more of my work, and if you have a project in mind, the <a href="/hire-me" rel="noopener noreferrer">Hire me</a> page says how I can help.</p><h2 id="say-hello">Say hello</h2><p>Recommendations, disagreements and kind words are all welcome at the address below.</p>'),
  (1, 'hire-me', 'Hire me', 'Web development for your project: fast, accessible websites and web applications.',
   '<p>I build fast, accessible websites and web applications, and I am available for freelance work. This blog is an example: I designed it, wrote it and run it, from the database to the pixels you are reading.</p><h2 id="what-i-can-do-for-you">What I can do for you</h2><ul><li><strong>Websites and web apps</strong> with React and TypeScript that load quickly and work on every screen size.</li><li><strong>APIs and back ends</strong> with Node.js, GraphQL or REST, and PostgreSQL.</li><li><strong>Content sites</strong> with an admin area that lets you publish without calling a developer.</li><li><strong>Accessibility and performance reviews</strong> of an existing site, with a clear list of fixes.</li></ul><h2 id="how-i-work">How I work</h2><p>We start with a conversation about what you need and why. You get a written estimate before any work begins, regular demos while it is under way, and tested, documented code at the end, yours to keep and extend.</p><h2 id="get-in-touch">Get in touch</h2><p>Write with a few lines about your project, your timeline and your budget. I reply to every message, usually within two working days. Past projects, with what I did on each, are in my portfolio. Both are linked below.</p>'),
  (2, 'privacy-policy', 'Privacy Policy', 'What this blog stores about you, which cookies it sets, and why there is no tracking.',
   '<p>This is a personal blog, run by one person. It collects as little about you as it can, and it never sells or shares what it has.</p><h2 id="reading-the-blog">Reading the blog</h2><p>You can read every post without an account. Like any website, the server receives some technical details with each request, such as your IP address, your browser and the page you asked for. They are used only to deliver the page and to keep the site running and secure, never to build a profile of you.</p><h2 id="cookies-and-local-storage">Cookies and local storage</h2><p>Visitors who just read the blog get no cookies at all. The site uses only what it needs to work:</p><ul><li><strong>A session cookie</strong>, set only when you sign in, that keeps you signed in. It cannot be read by scripts on the page, is sent only to this site, is deleted when you sign out, and otherwise expires within 30 days of your last visit.</li><li><strong>Your name, e-mail address and role</strong>, kept in your browser’s local storage while you are signed in so the site can greet you. Signing out clears it.</li><li><strong>Drafts</strong>: the author’s unfinished posts are kept in the browser’s local storage until they are published.</li></ul><p>None of these is used for advertising or tracking, so there is no cookie banner to click through.</p><h2 id="analytics">Analytics</h2><p>This site uses no analytics service and no advertising or social-media trackers: no Google Analytics, no tracking pixels, no third-party scripts. If that ever changes, this page will say so first, and you will be asked for your consent wherever the law requires it.</p><h2 id="links-to-other-sites">Links to other sites</h2><p>Posts often link to stores, studios and other websites. Those sites have their own privacy policies, which apply once you follow a link.</p><h2 id="your-rights">Your rights</h2><p>If you have an account, you can change your name, e-mail address and password from your profile at any time. To see what is stored about you, or to have your account deleted, write to the address below; I will answer within 30 days.</p><h2 id="changes-to-this-policy">Changes to this policy</h2><p>If the way this site handles your data changes, this page will be updated before the change takes effect.</p>'),
  (3, 'disclaimer', 'Disclaimer', 'Who owns the images on this blog, how to ask for one to be removed, and what the reviews are.',
   '<p>This blog is a personal, non-commercial project. Please read the notes below about opinions and images.</p><h2 id="opinions">Opinions</h2><p>Every review and post here is my personal opinion, written in good faith. It is not professional advice, and it does not speak for any employer, publisher or studio. Release dates, prices and platforms change; check the official sources before you buy.</p><h2 id="image-ownership">Image ownership</h2><p>Cover art, screenshots, key visuals and promotional stills of games, anime, TV shows and books belong to their respective owners: the publishers, studios, networks, authors and artists who made them. They appear here only to illustrate commentary and reviews. No ownership is claimed, and no copyright infringement is intended.</p><h2 id="removal-on-request">Removal on request</h2><p>If you own the rights to an image on this site and would like it credited differently or taken down, write to the address below with the address of the page and a description of the image. I will remove it promptly, usually within a few days, no questions asked.</p><h2 id="links-to-other-sites">Links to other sites</h2><p>Links to other websites are provided for convenience. I do not control those sites and am not responsible for their content. No link on this blog is sponsored or pays a commission.</p>')
) AS seeded ("place", "slug", "title", "description", "content");
