<#-- Plain-text part of the answer to "games" and to "digest on|off" (HTML part: desk.ftlh): the player's
     games that go on, most urgent first, and the link to their desk page.
     Required: deskGames (list of maps, see templates/README.md), deskUrl.
     Optional: recipientName, headline (what was done, or "Your games"), deskExpires, digestTime.
     All keys are described in templates/README.md. -->
<#import "parts/text.ftl" as m>
<#import "parts/desk.ftl" as d>
Epistle: your games
<@m.greeting/>
<#if headline?has_content>

${headline}
</#if>

<@d.games deskGames/>

Your desk, with every game and a link to each: ${deskUrl}
<#if deskExpires?has_content>
The link is yours alone and works until ${deskExpires}; write games for a new one.
</#if>
<#if digestTime?has_content>
Your daily digest comes at ${digestTime}; write digest off to get a mail per turn again.
<#else>
For one mail a day instead of a mail per turn, write digest on, or digest on 18:00 (UTC).
</#if>
<@m.footer/>
