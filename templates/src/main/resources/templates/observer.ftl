<#-- Plain-text part of the mail to an observer: a turn of the game they follow, some turns late, or its end.
     It carries no seat's secret: replies go to the server's own address. HTML part: observer.ftlh.
     Required: gameId, variantName, whiteName, blackName, shownTurns, diagram, stopLine.
     Optional: headline, delayNote, gameOver with ending, gameUrl.
     All keys are described in templates/README.md. -->
<#import "parts/text.ftl" as m>
<@m.preview/>
Game ${gameId}: ${variantName}
White: ${whiteName}
Black: ${blackName}

<#list shownTurns as turn>
${turn}
</#list>
<#if gameOver!false>

The game is over: ${ending}
</#if>

The position after it:
<@m.indented diagram/>
<#if delayNote?has_content>

${delayNote}
</#if>
<#if (gameUrl!"")?has_content>

The game on the web: ${gameUrl}
</#if>

${stopLine}
<@m.footer/>
