; Inno Setup 6 script for the Windows one-folder bundle of Creative Memory Studio.
;
; Build the bundle first (see packaging/README.md, "Windows"), then from the repository root:
;
;   for /f "tokens=2" %v in ('dist\creative-memory\od-memory.exe --version') do iscc /DAppVersion=%v packaging\windows\installer.iss
;
; The version comes from the built program (creative_memory/__init__.py, the one version source).
;
; → dist\creative-memory-<version>-windows-x64-setup.exe
;
; Installs dist\creative-memory\ (creative-memory.exe, od-memory.exe, _internal\) per user by default
; (no admin rights; "Install for all users" is offered), a Start-menu entry, an optional desktop
; icon, and optionally puts the folder on the user's PATH so `od-memory` works in a terminal.
; Uninstalling removes the program and the PATH entry; the memory store (the Open Design data
; folder) is never touched.
;
; Icon: packaging\windows\creative-memory.ico when present (make one with Pillow:
;   python -c "from PIL import Image; Image.open('src/creative_memory/resources/icons/hicolor/256x256/apps/io.opendesign.CreativeMemoryStudio.png').save('packaging/windows/creative-memory.ico', sizes=[(n, n) for n in (16, 24, 32, 48, 64, 128, 256)])"
; ), else Inno Setup's default for the installer itself; the programs carry their own icon anyway.

#ifndef AppVersion
  #error Pass the version of the built program: iscc /DAppVersion=<od-memory --version> (see the top of this file)
#endif
#define AppName "Creative Memory Studio"
#define AppId "io.opendesign.CreativeMemoryStudio"
#define AppPublisher "Open Design"
#define AppURL "https://github.com/open-design/creative-memory-studio"
#define AppExe "creative-memory.exe"
#define Root "..\.."

[Setup]
; AppId identifies the product for upgrades and uninstall: never change it.
AppId={#AppId}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher={#AppPublisher}
AppPublisherURL={#AppURL}
AppSupportURL={#AppURL}/issues
VersionInfoVersion={#AppVersion}
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
MinVersion=10.0
OutputDir={#Root}\dist
OutputBaseFilename=creative-memory-{#AppVersion}-windows-x64-setup
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
ChangesEnvironment=yes
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName}
#if FileExists(AddBackslash(SourcePath) + "creative-memory.ico")
SetupIconFile=creative-memory.ico
#endif

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked
Name: "addtopath"; Description: "Add od-memory (the command line) to PATH"; GroupDescription: "Command line:"; Flags: unchecked

[Files]
; The whole one-folder bundle; replaced as a unit on upgrade.
Source: "{#Root}\dist\creative-memory\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[InstallDelete]
; A previous version's _internal may hold files this version no longer ships.
Type: filesandordirs; Name: "{app}\_internal"

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"; AppUserModelID: "{#AppId}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; AppUserModelID: "{#AppId}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent

[Code]
{ PATH handling for the "addtopath" task: HKCU\Environment for a per-user install, the system
  environment for an all-users install. Added once; removed again on uninstall. }

function EnvRoot: Integer;
begin
  if IsAdminInstallMode then
    Result := HKEY_LOCAL_MACHINE
  else
    Result := HKEY_CURRENT_USER;
end;

function EnvKey: String;
begin
  if IsAdminInstallMode then
    Result := 'SYSTEM\CurrentControlSet\Control\Session Manager\Environment'
  else
    Result := 'Environment';
end;

function PathContains(Paths, Dir: String): Boolean;
begin
  Result := Pos(';' + Uppercase(Dir) + ';', ';' + Uppercase(Paths) + ';') > 0;
end;

procedure AddToPath(Dir: String);
var
  Paths: String;
begin
  if not RegQueryStringValue(EnvRoot, EnvKey, 'Path', Paths) then
    Paths := '';
  if PathContains(Paths, Dir) then
    exit;
  if (Paths <> '') and (Copy(Paths, Length(Paths), 1) <> ';') then
    Paths := Paths + ';';
  RegWriteExpandStringValue(EnvRoot, EnvKey, 'Path', Paths + Dir);
end;

procedure RemoveFromPath(Dir: String);
var
  Paths: String;
  P: Integer;
begin
  if not RegQueryStringValue(EnvRoot, EnvKey, 'Path', Paths) then
    exit;
  Paths := ';' + Paths + ';';
  P := Pos(';' + Uppercase(Dir) + ';', Uppercase(Paths));
  if P = 0 then
    exit;
  Delete(Paths, P, Length(Dir) + 1);
  { strip the guard semicolons added above }
  if Copy(Paths, 1, 1) = ';' then
    Delete(Paths, 1, 1);
  if Copy(Paths, Length(Paths), 1) = ';' then
    Delete(Paths, Length(Paths), 1);
  RegWriteExpandStringValue(EnvRoot, EnvKey, 'Path', Paths);
end;

procedure CurStepChanged(CurStep: TSetupStep);
begin
  if (CurStep = ssPostInstall) and WizardIsTaskSelected('addtopath') then
    AddToPath(ExpandConstant('{app}'));
end;

procedure CurUninstallStepChanged(CurUninstallStep: TUninstallStep);
begin
  if CurUninstallStep = usPostUninstall then
    RemoveFromPath(ExpandConstant('{app}'));
end;
