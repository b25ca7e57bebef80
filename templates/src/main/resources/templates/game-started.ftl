<#-- Plain-text part of the opening mail, sent to each player (HTML part: game-started.ftlh).
     Required: gameId, variantName, whiteName, blackName, diagram, sideToMove, turnNumber.
     Optional: whiteArmy, blackArmy, recipientName, recipientSide, opponentName, toMoveName, yourTurn,
     check, rulesSummary, notationHelp, deadline, instructions, replyAddress, gameUrl; ranks (the picture).
     All keys are described in templates/README.md. -->
<#import "parts/text.ftl" as m>
<#assign players = {"white": whiteName, "black": blackName}>
<@m.header/>
<@m.greeting/>

A new game of ${variantName} has started.
<#if recipientSide?has_content>
<#assign other = m.opponent(recipientSide)>
You play ${m.side(recipientSide)}, ${(opponentName!"")?has_content?then(opponentName, players[other])} plays ${m.side(other)}.
<#else>
${whiteName} plays White, ${blackName} plays Black.
</#if>
<#if rulesSummary?has_content>

The rules in short:

${rulesSummary}
</#if>
<#if notationHelp?has_content>

How to write your turn:

${notationHelp}
</#if>

The starting position:

<@m.indented diagram/>

<@m.toMove/>

<@m.reply/>
<@m.footer/>
