<#-- Plain-text part of the daily digest (HTML part: digest.ftlh): the games where it is the player's move,
     most urgent first. It replaces the mail per turn for a player who asked for it ("digest on").
     Required: deskGames (list of maps, see templates/README.md), deskUrl.
     Optional: recipientName, headline, deskExpires, digestTime.
     All keys are described in templates/README.md. -->
<#import "parts/text.ftl" as m>
<#import "parts/desk.ftl" as d>
Epistle: your move
<@m.greeting/>

<#if headline?has_content>${headline}<#else>It is your move in these games:</#if>

<@d.games deskGames/>

Play by replying to any mail of the game with your turn, or on your page of the game.
Your desk: ${deskUrl}
This digest comes once a day<#if digestTime?has_content> at ${digestTime}</#if> instead of a mail per turn;
write digest off to get those again.
<@m.footer/>
