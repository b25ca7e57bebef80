<#-- Pieces shared by the plain-text mails (the *.ftl templates next to this folder). Not a mail itself:
     it lives in parts/ so that it is not mistaken for one. Keys are described in templates/README.md.

     A key that does not apply may be absent or empty ("", an empty list, 0): optional keys are tested
     with ?has_content. A required key is referenced directly, so that its absence fails the rendering,
     and compared with "" where it may legitimately be empty (sideToMove once the game is over). -->

<#-- "White" or "Black" from "white"/"White"/"WHITE". -->
<#function side s>
  <#return s?lower_case?cap_first>
</#function>

<#-- The other side, in lower case. -->
<#function opponent s>
  <#return (s?lower_case == "white")?then("black", "white")>
</#function>

<#-- The player of a side, or "" when the model does not name the players. -->
<#function player s>
  <#if s?lower_case == "white">
    <#return whiteName!"">
  <#else>
    <#return blackName!"">
  </#if>
</#function>

<#-- "White (Alice)", or "White" when nobody is named; name, when given, wins over whiteName/blackName. -->
<#function sideAndPlayer s name="">
  <#local n = name?has_content?then(name, player(s))>
  <#return n?has_content?then(side(s) + " (" + n + ")", side(s))>
</#function>

<#-- Whether the reader is to move: yourTurn when the model has it, else recipientSide against sideToMove. -->
<#function isYourTurn>
  <#if yourTurn??>
    <#return yourTurn>
  </#if>
  <#return (recipientSide!"")?has_content && (sideToMove!"")?has_content
      && recipientSide?lower_case == sideToMove?lower_case>
</#function>

<#-- What happened, alone on the body's first line (inbox lists show it as the preview, beside a subject that
     stays the same for the whole game), then a blank line; nothing for a mail without a headline. -->
<#macro preview>
<#if (headline!"")?has_content>
${headline}

</#if>
</#macro>

<#-- The headline, then the game over the mail: its number and variant, then the players when both are named. -->
<#macro header>
<@preview/>
Game ${gameId}: ${variantName}
<#if (whiteName!"")?has_content && (blackName!"")?has_content>
White: ${whiteName}<#if whiteArmy?has_content> (${whiteArmy})</#if>
Black: ${blackName}<#if blackArmy?has_content> (${blackArmy})</#if>
</#if>
</#macro>

<#-- "Game 12: Chess", or "Epistle" for a mail about no game (gameId 0 or absent). -->
<#macro title>
<@preview/>
<#if (gameId!0) != 0 && variantName?has_content>
Game ${gameId}: ${variantName}
<#else>
Epistle
</#if>
</#macro>

<#-- A blank line and "Hello …,", or nothing. -->
<#macro greeting>
<#if recipientName?has_content>

Hello ${recipientName},
</#if>
</#macro>

<#-- Lines such as the text diagram, indented so that mail clients keep them as they are. -->
<#macro indented lines>
<#list lines as line>
    ${line}
</#list>
</#macro>

<#-- Who is to move, at which turn, and whether that is the reader; once the game is over, how it ended. -->
<#macro toMove>
<#if sideToMove != "">
${sideAndPlayer(sideToMove, toMoveName!"")} is to move, turn ${turnNumber}.<#if check!false> Check!</#if>
<#if isYourTurn()>
It is your turn.<#if deadline?has_content> Please reply by ${deadline}.</#if>
<#elseif recipientSide?has_content>
You will get a mail when it is your turn again.<#if deadline?has_content> The turn is due by ${deadline}.</#if>
<#elseif deadline?has_content>
The turn is due by ${deadline}.
</#if>
<#if (clock!"")?has_content>
${clock}<#if (timeControl!"")?has_content> (${timeControl})</#if>
</#if>
<#elseif ending?has_content>
The game is over. ${ending}
<#else>
The game is over.
</#if>
</#macro>

<#-- How to answer, where the answer goes, and the game's page. -->
<#macro reply>
<#if instructions?has_content>
${instructions}
<#else>
To play, reply to this mail and write your turn on the first line, in the
same notation as the game record. You can also write one of these words
instead: board, history, draw, resign, help.
</#if>
<@links/>
</#macro>

<#-- Where replies go and the game's page, each after a blank line; nothing when the model has neither. -->
<#macro links>
<#if replyAddress?has_content>

Replies to this mail go to ${replyAddress}
The quoted mail and your signature are ignored.
</#if>
<#if gameUrl?has_content>

The game on the web: ${gameUrl}
</#if>
<#if playUrl?? && playUrl?has_content>
Your own page, where you can also move (keep this link to yourself): ${playUrl}
</#if>
</#macro>

<#-- A player's own words, quoted with "> " as mail clients do. Long texts are cut after 60 lines. -->
<#macro quote text>
<#list text?trim?split("\n") as raw>
<#if raw?index == 60>
> [...]
<#break>
</#if>
<#local line = raw?remove_ending("\r")>
<#if line?has_content>> ${line}<#else>></#if>
</#list>
</#macro>

<#macro footer>

-- 
Epistle, play-by-email chess variants. This mail was sent by a program;
your replies are read by the game server, not by a person.
</#macro>
