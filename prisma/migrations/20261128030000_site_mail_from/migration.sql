-- Issue 40: the From of the site's e-mail, edited with the other settings; null: MAIL_FROM, then the built-in one.
ALTER TABLE "SiteSetting" ADD COLUMN "mailFrom" TEXT;
