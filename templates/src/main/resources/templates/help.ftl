<#-- Plain-text part of the answer to "help" (HTML part: help.ftlh).
     Required: instructions (how to reply now; may be "" when notationHelp says it all).
     Optional: gameId with variantName (the header; gameId 0 means no game), rulesSummary, notationHelp
     (how to write a turn, with examples), recipientName, replyAddress, gameUrl.
     All keys are described in templates/README.md. -->
<#import "parts/text.ftl" as m>
<@m.title/>
<@m.greeting/>

Here is how to play<#if variantName?has_content> ${variantName}</#if> by mail.
<#if rulesSummary?has_content>

The rules in short:

${rulesSummary}
</#if>
<#if notationHelp?has_content>

How to write your turn:

${notationHelp}
</#if>
<#if instructions != "">

${instructions}
</#if>

Instead of a turn you can write one of these words on the first line:

    board     the current position
    history   the game so far
    draw      offer your opponent a draw
    accept    accept a draw your opponent offered
    decline   turn down a draw your opponent offered
    claim     claim a draw the rules grant without your opponent's consent
              (Italian Progressive: five turns each without a capture or pawn move)
    resign    give up the game
    help      this mail

While your opponent is to move you may queue answers to the turns you expect:
    if Nf3 then Nc6      (several pairs may follow, one a line)
    if cancel            clears the line

About you rather than this game (also in a mail that names no game):
    games                      your games, most urgent first, with a link to your desk
    digest on 18:00            one mail a day (UTC) instead of a mail per turn; digest off
    leave 2026-12-20 2026-12-31  your clocks stand still (leave cancel)
    timezone Europe/Paris      deadlines in your own time too
    address add you@work.example  another address of yours may send your turns
    join NAME / withdraw NAME  enter or leave a tournament

To follow somebody else's game (anyone may, from any address):
    subscribe 12               each turn of game 12 by mail, a few turns late
                               (the server asks you to confirm by a reply first)
    unsubscribe 12             no more mail about game 12 (every such mail
                               also has a link and an unsubscribe header)

Answer by replying to one of the server's mails: its reply address carries
your game's secret, which tells the server that the mail is really yours.
<@m.links/>
<@m.footer/>
